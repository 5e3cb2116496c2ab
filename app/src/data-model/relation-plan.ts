import { manyToManyPlan } from './many-to-many-plan.js';
import { t } from '../i18n/t.js';

/**
 * A relational field as the API calls that make it (pure): a many-to-one (a foreign key column and its
 * relation), a file (a many-to-one to `service_files`) or a one-to-many (an alias here, the foreign key column
 * in the related collection when it is missing, and the relation naming the alias as its `one_field`), or a
 * many-to-many (`many-to-many-plan.ts`).
 */

export type RelationKind = 'm2o' | 'file' | 'o2m' | 'm2m';

export const ON_DELETE_RULES = ['SET NULL', 'CASCADE', 'RESTRICT', 'NO ACTION'] as const;

export type RelationDraft = {
  kind: RelationKind;
  field: string;
  /** The related collection (ignored for a file: `service_files`). */
  related: string;
  /** For a one-to-many: the foreign key field in the related collection. */
  foreignKey: string;
  /** For a many-to-many: the junction collection to create (empty: `<collection>_<related>`). */
  junction: string;
  onDelete: string;
  required: boolean;
  note: string;
};

export type PlanStep =
  | { action: 'createCollection'; body: Record<string, unknown> }
  | { action: 'createField'; collection: string; body: Record<string, unknown> }
  | { action: 'createRelation'; body: Record<string, unknown> }
  | { action: 'updateRelation'; collection: string; field: string; body: Record<string, unknown> };

export function emptyRelationDraft(kind: RelationKind = 'm2o'): RelationDraft {
  return { kind, field: '', related: '', foreignKey: '', junction: '', onDelete: 'SET NULL', required: false, note: '' };
}

export const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** What a foreign key to a collection's primary key is typed as. */
export function foreignKeyType(primaryKeyType: string | undefined): string {
  if (primaryKeyType === 'uuid' || primaryKeyType === 'string' || primaryKeyType === 'bigInteger') return primaryKeyType;
  return 'integer';
}

export type RelationContext = {
  collection: string;
  /** Primary key type per collection (`integer`, `uuid`, `string`…). */
  primaryKeyTypes: Record<string, string>;
  /** Existing fields of the related collection (a one-to-many reuses an existing foreign key). */
  relatedFields: string[];
  /** Existing relations: a one-to-many over a foreign key that already has its many-to-one only names the alias. */
  relations?: { collection: string; field: string; related_collection: string | null; meta?: { one_field?: string | null } | null }[];
  /** The collections that exist (a many-to-many's junction must be a new one). */
  collections?: string[];
};

/** The steps that create the relational field, or the problems keyed by input. */
export function relationPlan(draft: RelationDraft, context: RelationContext): { steps: PlanStep[] } | { errors: Record<string, string> } {
  if (draft.kind === 'm2m') return manyToManyPlan(draft, context);
  const errors: Record<string, string> = {};
  const field = draft.field.trim();
  if (field === '') errors.field = t('Enter a field name.');
  else if (!NAME.test(field)) errors.field = t('Use letters, digits and underscores, not starting with a digit.');
  const related = draft.kind === 'file' ? 'service_files' : draft.related;
  if (related === '') errors.related = t('Choose the related collection.');
  const foreignKey = draft.foreignKey.trim();
  if (draft.kind === 'o2m') {
    if (foreignKey === '') errors.foreignKey = t('Enter the foreign key field of the related collection.');
    else if (!NAME.test(foreignKey)) errors.foreignKey = t('Use letters, digits and underscores, not starting with a digit.');
  }
  if (draft.onDelete === 'SET NULL' && draft.required && draft.kind !== 'o2m')
    errors.onDelete = t('A required field cannot be set to null: choose another rule.');
  if (Object.keys(errors).length > 0) return { errors };

  const note = draft.note.trim() || null;
  const schema = { on_delete: draft.onDelete };
  if (draft.kind === 'o2m') {
    const steps: PlanStep[] = [
      {
        action: 'createField',
        collection: context.collection,
        body: { field, type: 'alias', meta: { special: ['o2m'], interface: 'list-o2m', note } },
      },
    ];
    if (!context.relatedFields.includes(foreignKey)) {
      const type = foreignKeyType(context.primaryKeyTypes[context.collection]);
      steps.push({
        action: 'createField',
        collection: related,
        body: { field: foreignKey, type, schema: { is_nullable: true }, meta: { hidden: false } },
      });
    }
    const existing = (context.relations ?? []).find((r) => r.collection === related && r.field === foreignKey);
    if (existing) {
      if (existing.related_collection !== context.collection)
        return {
          errors: {
            foreignKey: t('{field} already points at {collection}.', {
              field: `${related}.${foreignKey}`,
              collection: existing.related_collection ?? t('another collection'),
            }),
          },
        };
      if (existing.meta?.one_field)
        return {
          errors: {
            foreignKey: t('{field} is already listed as {alias}.', {
              field: `${related}.${foreignKey}`,
              alias: `${context.collection}.${existing.meta.one_field}`,
            }),
          },
        };
      steps.push({
        action: 'updateRelation',
        collection: related,
        field: foreignKey,
        body: { meta: { one_field: field, one_deselect_action: 'nullify' }, schema },
      });
      return { steps };
    }
    steps.push({
      action: 'createRelation',
      body: {
        collection: related,
        field: foreignKey,
        related_collection: context.collection,
        meta: { one_field: field, one_deselect_action: 'nullify' },
        schema,
      },
    });
    return { steps };
  }
  const type = draft.kind === 'file' ? 'uuid' : foreignKeyType(context.primaryKeyTypes[related]);
  const meta =
    draft.kind === 'file'
      ? { special: ['file'], interface: 'file', note, required: draft.required }
      : { special: null, interface: 'select-dropdown-m2o', note, required: draft.required };
  return {
    steps: [
      { action: 'createField', collection: context.collection, body: { field, type, meta, schema: { is_nullable: !draft.required } } },
      {
        action: 'createRelation',
        body: { collection: context.collection, field, related_collection: related, meta: { one_field: null }, schema },
      },
    ],
  };
}
