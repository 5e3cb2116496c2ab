import { asSystem, type Context } from '../../engine/context.js';
import { forbidden, invalidPayload } from '../../kernel/errors/index.js';
import { assertSchemaAccess } from './assert-schema-access.js';
import { findCollection } from './find-collection.js';
import { dropForeignKey } from './foreign-key-ddl.js';
import { idsOf, readMetaRows } from './meta-rows.js';
import { runSchemaChange } from './run-schema-change.js';
import type { SchemaDeps } from './schema.types.js';

/**
 * Drops a collection in one transaction: the foreign keys of other tables that point at it (their columns
 * stay), its table, its service_fields and service_collections rows, every service_relations row on either
 * side of it (with the o2m alias fields those gave other collections), its name in the allowed collections of
 * many-to-any relations, the permission rules on it and its content versions.
 * Folders inside it move to the top level. A missing collection is a 403; system collections can't go (400).
 */
export async function deleteCollection(ctx: Context, deps: SchemaDeps, name: string): Promise<void> {
  assertSchemaAccess(ctx, 'service_collections', 'delete');
  await runSchemaChange(ctx, deps, { collection: name }, async (trx) => {
    const state = await findCollection(trx, deps, name);
    if (!state) throw forbidden();
    if (state.system) throw invalidPayload(`System collection "${name}" can't be deleted`);
    const system = asSystem(trx);

    const relations = (await readMetaRows(trx, deps, 'service_relations')).filter(
      (r) => r.many_collection === name || r.one_collection === name,
    );
    const inbound = (await trx.dialect.listForeignKeys(trx.db)).filter((k) => k.foreignKeyTable === name && k.table !== name);
    for (const key of inbound) await dropForeignKey(trx, key);
    if (state.table) await trx.db.schema.dropTable(name);

    for (const relation of relations) {
      const related = relation.one_collection;
      if (relation.many_collection !== name || typeof related !== 'string' || related === name || typeof relation.one_field !== 'string')
        continue;
      const aliases = await readMetaRows(trx, deps, 'service_fields', { collection: related, field: relation.one_field });
      if (aliases.length > 0) await deps.items.deleteMany(system, 'service_fields', idsOf(aliases));
    }
    if (relations.length > 0) await deps.items.deleteMany(system, 'service_relations', idsOf(relations));
    // Many-to-any relations that could point into it no longer can.
    for (const relation of await readMetaRows(trx, deps, 'service_relations')) {
      const allowed = relation.one_allowed_collections;
      if (!Array.isArray(allowed) || !allowed.includes(name)) continue;
      await deps.items.updateMany(system, 'service_relations', [relation.id as number], {
        one_allowed_collections: allowed.filter((c) => c !== name),
      });
    }
    const fields = await readMetaRows(trx, deps, 'service_fields', { collection: name });
    if (fields.length > 0) await deps.items.deleteMany(system, 'service_fields', idsOf(fields));
    const children = (await readMetaRows(trx, deps, 'service_collections')).filter((c) => c.group === name);
    if (children.length > 0) await deps.items.updateMany(system, 'service_collections', idsOf(children, 'collection'), { group: null });
    if (state.meta) await deps.items.deleteOne(trx, 'service_collections', name);
    const rules = await trx.db('service_permissions').where({ collection: name }).select('id');
    if (rules.length > 0)
      await deps.items.deleteMany(
        system,
        'service_permissions',
        rules.map((r: { id: number }) => r.id),
      );
    // Its content versions go with it (in Directus, a cascading foreign key).
    await deps.items.deleteByQuery(system, 'service_versions', { filter: { collection: { _eq: name } }, limit: -1 });
  });
}
