import { withTransaction, type Context } from '../../engine/context.js';
import { getAccess } from '../../engine/permissions/get-access.js';
import type { Query } from '../../engine/query/query.types.js';
import { readByQuery } from '../../engine/query/read-by-query.js';
import { getCollection, hasCollection } from '../../engine/schema-overview/get-collection.js';
import { forbiddenAction, invalidPayload } from '../../kernel/errors/index.js';
import type { ItemsDeps, ItemsService, PrimaryKey } from './items.types.js';
import { createItems } from './operations/create-items.js';
import { deleteItems } from './operations/delete-items.js';
import { readMany, readOne, readSingleton } from './operations/read-items.js';
import { updateItems } from './operations/update-items.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';

/** The items service: a small facade over one file per operation. Stateless; every call takes a Context. */
export function createItemsService(deps: ItemsDeps): ItemsService {
  const keysMatching = async (ctx: Context, collection: string, action: 'update' | 'delete', query: Query): Promise<PrimaryKey[]> => {
    const overview = getCollection(ctx.schema, collection);
    const access = getAccess(ctx.permissions, collection, action);
    if (!access) throw forbiddenAction(action, collection);
    const scope = access.kind === 'rules' ? (access.rowFilter ?? undefined) : undefined;
    const result = await readByQuery(ctx, collection, { ...query, fields: [overview.primary], meta: undefined }, scope ? { scope } : {});
    return result.data.map((row) => row[overview.primary] as PrimaryKey);
  };

  /**
   * A write's first check, before its input is looked at: without a rule for the action, a collection that
   * exists and one that doesn't get the same 403 (no enumeration through messages or validation errors).
   */
  const mayWrite = (ctx: Context, collection: string, action: 'create' | 'update' | 'delete'): void => {
    if (ctx.permissions.admin) return;
    if (!hasCollection(ctx.schema, collection) || !getAccess(ctx.permissions, collection, action))
      throw forbiddenAction(action, collection);
  };

  const svc: ItemsService = {
    readByQuery: (ctx, collection, query, options) => readByQuery(ctx, collection, query, options),
    readOne: (ctx, collection, key, query) => readOne(ctx, collection, key, query),
    readMany: (ctx, collection, keys, query) => readMany(ctx, collection, keys, query),
    readSingleton: (ctx, collection, query) => readSingleton(ctx, collection, query),
    async createOne(ctx, collection, payload) {
      mayWrite(ctx, collection, 'create');
      const [key] = await createItems(ctx, deps, svc, collection, [payload]);
      return key!;
    },
    createMany: (ctx, collection, payloads) => {
      mayWrite(ctx, collection, 'create');
      return createItems(ctx, deps, svc, collection, payloads);
    },
    async updateOne(ctx, collection, key, data) {
      mayWrite(ctx, collection, 'update');
      const [updated] = await updateItems(ctx, deps, svc, collection, [key], data);
      return updated!;
    },
    updateMany: (ctx, collection, keys, data) => {
      mayWrite(ctx, collection, 'update');
      return updateItems(ctx, deps, svc, collection, keys, data);
    },
    async updateBatch(ctx, collection, items) {
      mayWrite(ctx, collection, 'update');
      const primary = getCollection(ctx.schema, collection).primary;
      const max = ctx.config.query.maxBatchMutation;
      if (max !== null && items.length > max) throw invalidPayload(`A batch may update at most ${max} items`);
      const keys: PrimaryKey[] = [];
      return withTransaction(ctx, async (trx) => {
        for (const item of items) {
          if (!isPlainObject(item) || item[primary] === undefined)
            throw invalidPayload(`Each item must be an object with its "${primary}"`);
          const { [primary]: key, ...data } = item;
          keys.push(...(await updateItems(trx, deps, svc, collection, [key], data)));
        }
        return keys;
      });
    },
    async updateByQuery(ctx, collection, query, data) {
      mayWrite(ctx, collection, 'update');
      const keys = await keysMatching(ctx, collection, 'update', query);
      return keys.length === 0 ? [] : updateItems(ctx, deps, svc, collection, keys, data);
    },
    async upsertSingleton(ctx, collection, data) {
      const overview = getCollection(ctx.schema, collection);
      const existing = await ctx.db(collection).select(overview.primary).first();
      if (existing) return svc.updateOne(ctx, collection, existing[overview.primary] as PrimaryKey, data);
      return svc.createOne(ctx, collection, data);
    },
    async deleteOne(ctx, collection, key) {
      mayWrite(ctx, collection, 'delete');
      await deleteItems(ctx, deps, collection, [key]);
    },
    async deleteMany(ctx, collection, keys) {
      mayWrite(ctx, collection, 'delete');
      await deleteItems(ctx, deps, collection, keys);
    },
    async deleteByQuery(ctx, collection, query) {
      mayWrite(ctx, collection, 'delete');
      const keys = await keysMatching(ctx, collection, 'delete', query);
      if (keys.length > 0) await deleteItems(ctx, deps, collection, keys);
      return keys;
    },
  };
  return svc;
}
