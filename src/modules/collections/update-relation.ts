import type { Context } from '../../engine/context.js';
import { forbidden, invalidPayload } from '../../kernel/errors/index.js';
import { isSystemCollection } from '../../kernel/system/system-collections.js';
import { assertSchemaAccess } from './assert-schema-access.js';
import { updateAnyRelation } from './create-any-relation.js';
import { findCollection } from './find-collection.js';
import { assertForeignKeyPossible, ensureOneField, findRelation, relatedPrimaryKey } from './find-relation.js';
import { addForeignKey, dropForeignKey, type ForeignKeyRules } from './foreign-key-ddl.js';
import { parseRelationMeta, parseRelationSchema } from './parse-relation-input.js';
import { runSchemaChange } from './run-schema-change.js';
import type { RelationUpdateInput, SchemaDeps } from './schema.types.js';
import { validateMeta } from './validate-meta.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';

/** Whether a constraint's rule is what was asked (no rule asked = NO ACTION, which MariaDB reports as RESTRICT). */
function sameRule(current: string | null, wanted: string | null): boolean {
  if (wanted === null) return current === null || current === 'NO ACTION' || current === 'RESTRICT';
  return current === wanted;
}

/**
 * Changes a relation: `schema` null drops the foreign key, an object (re)creates it with its ON DELETE /
 * ON UPDATE rules (a rule left out keeps the current one); `meta` updates the service_relations row (or
 * creates it), creating the o2m alias field a new `one_field` names. A missing relation is a 403.
 */
export async function updateRelation(
  ctx: Context,
  deps: SchemaDeps,
  collection: string,
  field: string,
  input: RelationUpdateInput,
): Promise<[string, string]> {
  assertSchemaAccess(ctx, 'service_relations', 'update');
  if (!isPlainObject(input)) throw invalidPayload('The payload must be an object with "meta" and/or "schema"');
  const meta = input.meta === undefined || input.meta === null ? null : parseRelationMeta(input.meta);
  const schema = input.schema === undefined ? undefined : parseRelationSchema(input.schema);

  await runSchemaChange(ctx, deps, { collection }, async (trx) => {
    const current = await findRelation(trx, deps, collection, field);
    if (!current) throw forbidden();
    if (isSystemCollection(collection)) throw invalidPayload(`System relation "${collection}.${field}" can't be changed`);
    const related = current.related;
    if (!related && current.row?.one_collection_field)
      return updateAnyRelation(trx, deps, current, input as { meta?: unknown; schema?: unknown });
    if (!related) throw invalidPayload(`Relation "${collection}.${field}" has no related collection`);
    const target = await relatedPrimaryKey(trx, deps, related);
    if (meta) validateMeta('service_relations', meta, `the relation "${collection}.${field}"`);
    const oneField = typeof meta?.one_field === 'string' ? meta.one_field : null;
    if (oneField && oneField !== current.row?.one_field) await ensureOneField(trx, deps, target.state, oneField, { collection, field });

    if (schema === null && current.key) await dropForeignKey(trx, current.key);
    if (schema) {
      const raw = input.schema as Record<string, unknown>;
      const rules: ForeignKeyRules = {
        onDelete: raw.on_delete !== undefined ? schema.onDelete : (current.key?.onDelete ?? null),
        onUpdate: raw.on_update !== undefined ? schema.onUpdate : (current.key?.onUpdate ?? null),
      };
      const unchanged = current.key && sameRule(current.key.onDelete, rules.onDelete) && sameRule(current.key.onUpdate, rules.onUpdate);
      if (!unchanged) {
        const many = await findCollection(trx, deps, collection);
        const column = many?.table ? (await trx.dialect.listColumns(trx.db, collection)).find((c) => c.name === field) : undefined;
        if (!column) throw invalidPayload(`Field "${field}" doesn't exist in collection "${collection}"`);
        if (!current.key) await assertForeignKeyPossible(trx, collection, column, related, target.column.name, rules);
        else if (rules.onDelete === 'SET NULL' && !column.isNullable)
          throw invalidPayload(`"schema.on_delete" can't be SET NULL: field "${field}" is not nullable`);
        if (current.key) await dropForeignKey(trx, current.key);
        await addForeignKey(trx, collection, field, related, target.column.name, rules);
      }
    }
    if (meta) {
      if (current.row) await deps.items.updateOne(trx, 'service_relations', current.row.id as number, meta);
      else
        await deps.items.createOne(trx, 'service_relations', {
          ...meta,
          many_collection: collection,
          many_field: field,
          one_collection: related,
        });
    }
  });
  return [collection, field];
}
