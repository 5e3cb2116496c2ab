import { asSystem, type Context } from '../../engine/context.js';
import { forbidden, invalidPayload } from '../../kernel/errors/index.js';
import { isSystemCollection } from '../../kernel/system/system-collections.js';
import { assertSchemaAccess } from './assert-schema-access.js';
import { findRelation } from './find-relation.js';
import { dropForeignKey } from './foreign-key-ddl.js';
import { idsOf, readMetaRows } from './meta-rows.js';
import { runSchemaChange } from './run-schema-change.js';
import type { SchemaDeps } from './schema.types.js';

/**
 * Deletes a relation: its foreign key constraint (the field and its values stay), its service_relations row,
 * and the o2m alias field it gave the related collection (an alias can't work without its relation).
 * A missing relation is a 403; system relations can't go (400).
 */
export async function deleteRelation(ctx: Context, deps: SchemaDeps, collection: string, field: string): Promise<void> {
  assertSchemaAccess(ctx, 'service_relations', 'delete');
  await runSchemaChange(ctx, deps, { collection }, async (trx) => {
    const current = await findRelation(trx, deps, collection, field);
    if (!current) throw forbidden();
    if (isSystemCollection(collection)) throw invalidPayload(`System relation "${collection}.${field}" can't be deleted`);
    if (current.key) await dropForeignKey(trx, current.key);
    if (current.row) await deps.items.deleteOne(trx, 'service_relations', current.row.id as number);
    const oneField = current.row?.one_field;
    if (current.related && typeof oneField === 'string' && !isSystemCollection(current.related)) {
      const columns = (await trx.dialect.listTables(trx.db)).includes(current.related)
        ? await trx.dialect.listColumns(trx.db, current.related)
        : [];
      const aliases = (await readMetaRows(trx, deps, 'service_fields', { collection: current.related, field: oneField })).filter(
        () => !columns.some((c) => c.name === oneField),
      );
      if (aliases.length > 0) await deps.items.deleteMany(asSystem(trx), 'service_fields', idsOf(aliases));
    }
  });
}
