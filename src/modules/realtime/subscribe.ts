import type { Context } from '../../engine/context.js';
import { getAccess } from '../../engine/permissions/get-access.js';
import { clientLimits, parseQuery } from '../../engine/query/parse/parse-query.js';
import type { Query } from '../../engine/query/query.types.js';
import { invalidCollection, isAppError } from '../../kernel/errors/index.js';
import type { ItemsService } from '../items/index.js';
import type { SubscribeMessage, Subscription, WriteNotice } from './realtime.types.js';

/**
 * Whether the caller may read `collection` at all. One answer, INVALID_COLLECTION, for a collection that does
 * not exist and one they may not read: a socket learns nothing of the schema it may not see.
 */
export function assertReadableCollection(ctx: Context, collection: string): void {
  if (!ctx.schema.collections[collection] || !getAccess(ctx.permissions, collection, 'read')) throw invalidCollection();
}

/** A subscribe message as a subscription (its query parsed as REST's, within QUERY_LIMIT_*), with its initial data. */
export async function subscribe(
  ctx: Context,
  items: ItemsService,
  message: SubscribeMessage,
): Promise<{ subscription: Subscription; data: unknown }> {
  assertReadableCollection(ctx, message.collection);
  const query = parseQuery(message.query ?? {}, clientLimits(ctx.config.query));
  const subscription: Subscription = {
    uid: message.uid,
    collection: message.collection,
    event: message.event,
    query,
    item: message.item,
  };
  const data = await initialData(ctx, items, subscription);
  return { subscription, data };
}

async function initialData(ctx: Context, items: ItemsService, subscription: Subscription): Promise<unknown> {
  try {
    if (subscription.item !== undefined) return await items.readOne(ctx, subscription.collection, subscription.item, subscription.query);
    return (await items.readByQuery(ctx, subscription.collection, subscription.query)).data;
  } catch (error) {
    // An item they may not read (or that does not exist): nothing, as a list that does not hold it would say.
    if (subscription.item !== undefined && isAppError(error) && error.code === 'FORBIDDEN') return null;
    throw error;
  }
}

/** Whether a write concerns a subscription (collection, event, item). */
export function concerns(subscription: Subscription, notice: WriteNotice): boolean {
  if (subscription.collection !== notice.collection) return false;
  if (subscription.event !== undefined && subscription.event !== notice.action) return false;
  if (subscription.item !== undefined) return notice.keys.some((key) => String(key) === String(subscription.item));
  return true;
}

/**
 * What one subscriber is told of a write, read with THEIR context and THEIR subscription's query, restricted to
 * the written keys: null when they may read none of it (then they are told nothing). A delete sends its keys,
 * to those who may read the collection (the rows are gone: their row filter can no longer be checked).
 */
export async function eventData(ctx: Context, items: ItemsService, subscription: Subscription, notice: WriteNotice): Promise<unknown> {
  const collection = ctx.schema.collections[notice.collection];
  if (!collection || !getAccess(ctx.permissions, notice.collection, 'read')) return null;
  if (notice.action === 'delete') return notice.keys;
  const keys = subscription.item === undefined ? notice.keys : notice.keys.filter((key) => String(key) === String(subscription.item));
  const { offset: _offset, page: _page, ...rest } = subscription.query;
  const query: Query = { ...rest, limit: keys.length };
  try {
    const result = await items.readByQuery(ctx, notice.collection, query, { scope: { [collection.primary]: { _in: keys } } });
    const rows = result.data as unknown[];
    return rows.length === 0 ? null : rows;
  } catch (error) {
    // Their access changed since they subscribed (a field of their query is no longer theirs): nothing.
    if (isAppError(error) && error.code === 'FORBIDDEN') return null;
    throw error;
  }
}
