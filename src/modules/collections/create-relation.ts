import type { Context } from '../../engine/context.js';
import { invalidPayload } from '../../kernel/errors/index.js';
import { assertSchemaAccess } from './assert-schema-access.js';
import { createAnyRelation, isAnyRelationInput } from './create-any-relation.js';
import { findCollection } from './find-collection.js';
import { findField } from './find-field.js';
import { assertForeignKeyPossible, ensureOneField, findRelation, relatedPrimaryKey } from './find-relation.js';
import { addForeignKey } from './foreign-key-ddl.js';
import { parseRelationInput } from './parse-relation-input.js';
import { runSchemaChange } from './run-schema-change.js';
import type { RelationInput, SchemaDeps } from './schema.types.js';
import { validateMeta } from './validate-meta.js';

/**
 * Creates an m2o relation `collection.field → related_collection` (its primary key): the foreign key
 * constraint (unless `schema` is null; SQLite rebuilds the table for it), the service_relations row (unless
 * `meta` is null) and, when `meta.one_field` names one, the o2m alias field on the related collection.
 * The field must exist and have the type of the related primary key. Returns `[collection, field]`.
 * Without a related collection but with `meta.one_collection_field`: a many-to-any relation (createAnyRelation).
 */
export async function createRelation(ctx: Context, deps: SchemaDeps, input: RelationInput): Promise<[string, string]> {
  assertSchemaAccess(ctx, 'service_relations', 'create');
  if (isAnyRelationInput(input)) return createAnyRelation(ctx, deps, input as Record<string, unknown>);
  const spec = parseRelationInput(input);
  const { collection, related } = spec;
  await runSchemaChange(ctx, deps, { collection }, async (trx) => {
    const many = await findCollection(trx, deps, collection);
    if (!many?.table) throw invalidPayload(`Collection "${collection}" doesn't exist`);
    if (many.system) throw invalidPayload(`Relations can't be added to system collection "${collection}"`);
    const field = await findField(trx, deps, many, spec.field);
    if (!field?.column) throw invalidPayload(`Field "${spec.field}" doesn't exist in collection "${collection}"`);
    if (await findRelation(trx, deps, collection, spec.field)) {
      throw invalidPayload(`Field "${spec.field}" in collection "${collection}" already has an associated relationship`);
    }
    const target = await relatedPrimaryKey(trx, deps, related);
    if (field.type !== target.type) {
      throw invalidPayload(
        `Field "${spec.field}" (${field.type}) can't reference the primary key of "${related}" (${target.type}): the types must be the same`,
      );
    }
    if (spec.schema) await assertForeignKeyPossible(trx, collection, field.column, related, target.column.name, spec.schema);
    const oneField = typeof spec.meta?.one_field === 'string' ? spec.meta.one_field : null;
    if (spec.meta) validateMeta('service_relations', spec.meta, `the relation "${collection}.${spec.field}"`);
    if (oneField) await ensureOneField(trx, deps, target.state, oneField, { collection, field: spec.field });

    if (spec.schema) await addForeignKey(trx, collection, spec.field, related, target.column.name, spec.schema);
    if (spec.meta) {
      await deps.items.createOne(trx, 'service_relations', {
        ...spec.meta,
        many_collection: collection,
        many_field: spec.field,
        one_collection: related,
      });
    }
  });
  return [collection, spec.field];
}
