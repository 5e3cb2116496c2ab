/** The sentence a deletion's confirmation shows: what will be lost (pure). */
import { plural, t } from '../i18n/t.js';

export type RelationRow = {
  collection: string;
  field: string;
  related_collection: string | null;
  meta?: { one_field?: string | null; junction_field?: string | null } | null;
  schema?: { on_delete?: string | null } | null;
};

/** `a`, `a and b`, `a, b and c` in the current language. */
function list(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return t('{first} and {last}', { first: names.slice(0, -1).join(', '), last: names[names.length - 1] ?? '' });
}

/** A relation as `a.b → c`. */
const arrow = (r: RelationRow) => `${r.collection}.${r.field} → ${r.related_collection ?? '?'}`;

/** Deleting a collection: its items, its fields and the relations that use it. */
export function collectionDeletionSummary(collection: string, fields: string[], relations: RelationRow[]): string {
  const parts = [t('every item of "{collection}"', { collection })];
  if (fields.length > 0)
    parts.push(plural(fields.length, 'its field ({fields})', 'its {count} fields ({fields})', { fields: fields.join(', ') }));
  const used = relations.filter((r) => r.collection === collection || r.related_collection === collection).map(arrow);
  if (used.length > 0)
    parts.push(plural(used.length, 'the relation {relations}', '{count} relations {relations}', { relations: list(used) }));
  return t('Deleting the collection "{collection}" permanently removes {what}. This cannot be undone.', { collection, what: list(parts) });
}

/** Deleting a field: its value in every item, and the relation it holds or gives. */
export function fieldDeletionSummary(collection: string, field: string, relations: RelationRow[]): string {
  const held = relations.filter(
    (r) => (r.collection === collection && r.field === field) || (r.related_collection === collection && r.meta?.one_field === field),
  );
  if (held.length === 0)
    return t('Deleting the field "{field}" permanently removes its value in every item of "{collection}". This cannot be undone.', {
      field,
      collection,
    });
  return t(
    'Deleting the field "{field}" permanently removes its value in every item of "{collection}" and the relation {relations}. This cannot be undone.',
    { field, collection, relations: list(held.map(arrow)) },
  );
}
