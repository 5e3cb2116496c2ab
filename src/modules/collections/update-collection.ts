import type { Context } from '../../engine/context.js';
import { forbidden, invalidPayload } from '../../kernel/errors/index.js';
import { assertSchemaAccess } from './assert-schema-access.js';
import { findCollection } from './find-collection.js';
import { runSchemaChange } from './run-schema-change.js';
import type { CollectionUpdateInput, SchemaDeps } from './schema.types.js';
import { validateMeta } from './validate-meta.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';

/**
 * Changes a collection's meta (only the meta can change; the name is its key): updates its service_collections
 * row, or creates it for a table that has none (`meta: {}` creates it with the defaults). A missing
 * collection is a 403; system collections are declared in code and can't be changed (400).
 */
export async function updateCollection(ctx: Context, deps: SchemaDeps, name: string, input: CollectionUpdateInput): Promise<string> {
  assertSchemaAccess(ctx, 'service_collections', 'update');
  if (!isPlainObject(input)) throw invalidPayload('The payload must be an object with "meta"');
  if (input.meta !== undefined && input.meta !== null && !isPlainObject(input.meta)) throw invalidPayload('"meta" must be an object');
  const { collection: _collection, system: _system, ...meta } = (input.meta ?? {}) as Record<string, unknown>;

  await runSchemaChange(ctx, deps, { collection: name }, async (trx) => {
    const state = await findCollection(trx, deps, name);
    if (!state) throw forbidden();
    if (state.system) throw invalidPayload(`System collection "${name}" can't be changed`);
    if (input.meta === undefined || input.meta === null || (Object.keys(meta).length === 0 && state.meta)) return;
    validateMeta('service_collections', meta, `collection "${name}"`);
    if (state.meta) await deps.items.updateOne(trx, 'service_collections', name, meta);
    else await deps.items.createOne(trx, 'service_collections', { ...meta, collection: name });
  });
  return name;
}
