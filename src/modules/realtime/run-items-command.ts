import type { Context } from '../../engine/context.js';
import { clientLimits, parseQuery } from '../../engine/query/parse/parse-query.js';
import { invalidPayload } from '../../kernel/errors/index.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';
import type { ItemsService, PrimaryKey } from '../items/index.js';
import { assertReadableCollection } from './subscribe.js';
import type { ItemsMessage } from './realtime.types.js';

/**
 * An `items` message, through the same item services as REST (permissions, validation, activity, events):
 * create (`data`: one object or a list), read (`id`, `ids` or `query`), update (`id` or `ids` with `data`, or
 * `data` as a list of items with their keys), delete (`id`, `ids` or `query`). Resolves to what REST's `data`
 * would hold: the items written, read again with `query`; for a delete, the keys.
 */
export async function runItemsCommand(ctx: Context, items: ItemsService, message: ItemsMessage): Promise<unknown> {
  const { collection } = message;
  // Only the names of collections they may read are told apart from unknown ones (INVALID_COLLECTION).
  if (!ctx.schema.collections[collection]) assertReadableCollection(ctx, collection);
  const query = parseQuery(message.query ?? {}, clientLimits(ctx.config.query));
  const { id, ids, data } = message;
  switch (message.action) {
    case 'read':
      if (id !== undefined) return items.readOne(ctx, collection, id, query);
      if (ids !== undefined) return items.readMany(ctx, collection, ids, query);
      return (await items.readByQuery(ctx, collection, query)).data;
    case 'create': {
      if (Array.isArray(data)) return items.readMany(ctx, collection, await items.createMany(ctx, collection, data), query);
      if (!isPlainObject(data)) throw invalidPayload('"data" must be an object or a list of objects');
      return items.readOne(ctx, collection, await items.createOne(ctx, collection, data), query);
    }
    case 'update': {
      let keys: PrimaryKey[];
      if (id !== undefined) keys = [await items.updateOne(ctx, collection, id, requireObject(data))];
      else if (ids !== undefined) keys = await items.updateMany(ctx, collection, ids, requireObject(data));
      else if (Array.isArray(data)) keys = await items.updateBatch(ctx, collection, data);
      else throw invalidPayload('"update" needs "id" or "ids" with "data", or "data" as a list of items with their keys');
      return id !== undefined ? items.readOne(ctx, collection, keys[0]!, query) : items.readMany(ctx, collection, keys, query);
    }
    case 'delete': {
      if (id !== undefined) {
        await items.deleteOne(ctx, collection, id);
        return id;
      }
      if (ids !== undefined) {
        await items.deleteMany(ctx, collection, ids);
        return ids;
      }
      if (message.query !== undefined)
        return items.deleteByQuery(ctx, collection, parseQuery(message.query, { limitDefault: -1, limitMax: null }));
      throw invalidPayload('"delete" needs "id", "ids" or "query"');
    }
  }
}

function requireObject(data: unknown): Record<string, unknown> {
  if (!isPlainObject(data)) throw invalidPayload('"data" must be an object');
  return data;
}
