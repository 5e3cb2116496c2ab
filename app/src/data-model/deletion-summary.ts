/** The sentence a deletion's confirmation shows: what will be lost (pure). */

export type RelationRow = {
  collection: string;
  field: string;
  related_collection: string | null;
  meta?: { one_field?: string | null } | null;
  schema?: { on_delete?: string | null } | null;
};

function list(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}

/** The relations that use a collection, as `a.b → c`. */
function relationsOf(collection: string, relations: RelationRow[]): string[] {
  return relations
    .filter((r) => r.collection === collection || r.related_collection === collection)
    .map((r) => `${r.collection}.${r.field} → ${r.related_collection ?? '?'}`);
}

/** Deleting a collection: its items, its fields and the relations that use it. */
export function collectionDeletionSummary(collection: string, fields: string[], relations: RelationRow[]): string {
  const parts = [`every item of "${collection}"`];
  if (fields.length > 0) parts.push(`its ${fields.length === 1 ? 'field' : `${fields.length} fields`} (${fields.join(', ')})`);
  const used = relationsOf(collection, relations);
  if (used.length > 0) parts.push(`${used.length === 1 ? 'the relation' : `${used.length} relations`} ${list(used)}`);
  return `Deleting the collection "${collection}" permanently removes ${list(parts)}. This cannot be undone.`;
}

/** Deleting a field: its value in every item, and the relation it holds or gives. */
export function fieldDeletionSummary(collection: string, field: string, relations: RelationRow[]): string {
  const held = relations.filter(
    (r) => (r.collection === collection && r.field === field) || (r.related_collection === collection && r.meta?.one_field === field),
  );
  const relationText =
    held.length > 0 ? ` and the relation ${list(held.map((r) => `${r.collection}.${r.field} → ${r.related_collection ?? '?'}`))}` : '';
  return `Deleting the field "${field}" permanently removes its value in every item of "${collection}"${relationText}. This cannot be undone.`;
}
