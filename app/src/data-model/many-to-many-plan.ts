/**
 * A many-to-many field as the API calls that make it (pure), as Directus's field wizard does: a new junction
 * collection (hidden, an auto-increment key), its two foreign keys typed like the keys they point at
 * (`<collection>_id`, `<related>_id`; `related_<related>_id` when a collection relates to itself), the alias
 * field, and the two relations: the junction → related one (`junction_field` naming the other foreign key) and
 * the junction → this collection one (`one_field` naming the alias, `junction_field` the related foreign key).
 */
import { foreignKeyType, NAME, type PlanStep, type RelationContext, type RelationDraft } from './relation-plan.js';
import { t } from '../i18n/t.js';

/** The junction's foreign key fields. */
export function junctionFields(collection: string, related: string): { parentField: string; relatedField: string } {
  return { parentField: `${collection}_id`, relatedField: related === collection ? `related_${related}_id` : `${related}_id` };
}

export function manyToManyPlan(draft: RelationDraft, context: RelationContext): { steps: PlanStep[] } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const field = draft.field.trim();
  const related = draft.related;
  if (field === '') errors.field = t('Enter a field name.');
  else if (!NAME.test(field)) errors.field = t('Use letters, digits and underscores, not starting with a digit.');
  if (related === '') errors.related = t('Choose the related collection.');
  const junction = draft.junction.trim() || (related === '' ? '' : `${context.collection}_${related}`);
  if (related !== '' && !NAME.test(junction)) errors.junction = t('Use letters, digits and underscores, not starting with a digit.');
  else if (junction !== '' && (context.collections ?? []).includes(junction))
    errors.junction = t('A collection {name} exists already.', { name: junction });
  if (Object.keys(errors).length > 0) return { errors };

  const { parentField, relatedField } = junctionFields(context.collection, related);
  const schema = { on_delete: draft.onDelete };
  const foreignKey = (name: string, pointsAt: string) => ({
    field: name,
    type: foreignKeyType(context.primaryKeyTypes[pointsAt]),
    schema: { is_nullable: true },
    meta: { hidden: true },
  });
  return {
    steps: [
      {
        action: 'createCollection',
        body: {
          collection: junction,
          meta: { hidden: true, icon: 'import_export' },
          schema: {},
          fields: [{ field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } }],
        },
      },
      { action: 'createField', collection: junction, body: foreignKey(parentField, context.collection) },
      { action: 'createField', collection: junction, body: foreignKey(relatedField, related) },
      {
        action: 'createField',
        collection: context.collection,
        body: { field, type: 'alias', meta: { special: ['m2m'], interface: 'list-m2m', note: draft.note.trim() || null } },
      },
      {
        action: 'createRelation',
        body: {
          collection: junction,
          field: relatedField,
          related_collection: related,
          meta: { one_field: null, junction_field: parentField, sort_field: null },
          schema,
        },
      },
      {
        action: 'createRelation',
        body: {
          collection: junction,
          field: parentField,
          related_collection: context.collection,
          meta: { one_field: field, junction_field: relatedField, sort_field: null, one_deselect_action: 'nullify' },
          schema,
        },
      },
    ],
  };
}
