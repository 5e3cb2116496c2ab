import { asSystem, type Context } from '../../engine/context.js';
import { forbidden, invalidPayload } from '../../kernel/errors/index.js';
import { assertSchemaAccess } from './assert-schema-access.js';
import { findCollection } from './find-collection.js';
import { findField } from './find-field.js';
import { dropForeignKey } from './foreign-key-ddl.js';
import { idsOf, readMetaRows } from './meta-rows.js';
import { runSchemaChange } from './run-schema-change.js';
import type { SchemaDeps } from './schema.types.js';

/**
 * Deletes a field: its column (after the foreign keys on it), its service_fields row, and the relations using
 * it: an m2o relation held by the field goes (with the o2m alias it gave the related collection); a relation
 * whose o2m alias this field is keeps its m2o side and loses `one_field`; `sort_field`, `archive_field`
 * settings naming it are cleared; rules' field lists naming it drop it. The primary key can't be deleted (400); a missing field is a 403.
 */
export async function deleteField(ctx: Context, deps: SchemaDeps, collection: string, field: string): Promise<void> {
  assertSchemaAccess(ctx, 'service_fields', 'delete');
  await runSchemaChange(ctx, deps, { collection }, async (trx) => {
    const state = await findCollection(trx, deps, collection);
    if (!state) throw forbidden();
    if (state.system) throw invalidPayload(`Fields of system collection "${collection}" can't be deleted`);
    const current = await findField(trx, deps, state, field);
    if (!current) throw forbidden();
    if (current.column?.isPrimaryKey) throw invalidPayload(`The primary key "${field}" can't be deleted`);
    const system = asSystem(trx);

    if (current.column) {
      const keys = (await trx.dialect.listForeignKeys(trx.db, collection)).filter((k) => k.table === collection && k.column === field);
      for (const key of keys) await dropForeignKey(trx, key);
      await trx.db.schema.alterTable(collection, (builder) => {
        builder.dropColumn(field);
      });
    }

    const relations = await readMetaRows(trx, deps, 'service_relations');
    const held = relations.filter((r) => r.many_collection === collection && r.many_field === field);
    for (const relation of held) {
      if (typeof relation.one_collection !== 'string' || typeof relation.one_field !== 'string') continue;
      const aliases = await readMetaRows(trx, deps, 'service_fields', { collection: relation.one_collection, field: relation.one_field });
      const columns = (await trx.dialect.listTables(trx.db)).includes(relation.one_collection)
        ? await trx.dialect.listColumns(trx.db, relation.one_collection)
        : [];
      const aliasOnly = aliases.filter((a) => !columns.some((c) => c.name === a.field));
      if (aliasOnly.length > 0) await deps.items.deleteMany(system, 'service_fields', idsOf(aliasOnly));
    }
    if (held.length > 0) await deps.items.deleteMany(system, 'service_relations', idsOf(held));
    const alias = relations.filter((r) => r.one_collection === collection && r.one_field === field);
    if (alias.length > 0) await deps.items.updateMany(system, 'service_relations', idsOf(alias), { one_field: null });
    const sorted = relations.filter((r) => r.many_collection === collection && r.sort_field === field && !held.includes(r));
    if (sorted.length > 0) await deps.items.updateMany(system, 'service_relations', idsOf(sorted), { sort_field: null });
    for (const key of ['sort_field', 'archive_field'] as const) {
      if (state.meta?.[key] === field) await deps.items.updateOne(system, 'service_collections', collection, { [key]: null });
    }
    // Rules naming the field lose it, so a field created later under the same name is not granted by them (decision 0041).
    const rules = (await trx.db('service_permissions').where({ collection }).whereNotNull('fields').select('id', 'fields')) as {
      id: number;
      fields: string;
    }[];
    for (const rule of rules) {
      const names = String(rule.fields)
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean);
      if (names.includes(field))
        await deps.items.updateOne(system, 'service_permissions', rule.id, { fields: names.filter((f) => f !== field) });
    }
    if (current.meta) await deps.items.deleteOne(trx, 'service_fields', current.meta.id as number);
  });
}
