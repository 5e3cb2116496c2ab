import type { Context } from '../../engine/context.js';
import { matchRuleFilters } from '../../engine/permissions/match-rule-filters.js';
import { hasCollection } from '../../engine/schema-overview/get-collection.js';
import { forbidden, invalidPayload } from '../../kernel/errors/index.js';
import { isSystemCollection, systemCollectionName } from '../../kernel/system/system-collections.js';
import type { CollectionBehaviour, Item, PrimaryKey } from '../items/index.js';

/**
 * Shares (`service_shares`), on every write path (decision 0105): a share names an item of a user collection; its
 * creator must be allowed both to `share` and to `read` that very item (403 otherwise, whether or not it exists:
 * a share never opens what its creator can't see); its item never changes; `max_uses` is a positive whole
 * number, `date_start` is not after `date_end`; an empty password is no password. Deleting a share ends its
 * sessions.
 */
export const sharesBehaviour: CollectionBehaviour = {
  async beforeWrite(ctx, { action, payload }) {
    checkLimits(payload);
    const data = payload.password === '' ? { ...payload, password: null } : payload;
    if (action === 'update') {
      if ('collection' in payload || 'item' in payload) throw invalidPayload("The item a share opens can't change");
      return data;
    }
    const { collection, item } = checkTarget(payload);
    await assertShareable(ctx, collection, item);
    return { ...data, item };
  },
  async beforeDelete(ctx, keys) {
    await ctx.db('service_sessions').whereIn('share', keys.map(String)).delete();
  },
};

function checkTarget(payload: Item): { collection: string; item: string } {
  const { collection, item } = payload;
  if (typeof collection !== 'string' || collection === '') throw invalidPayload('"collection" is required');
  if ((typeof item !== 'string' && typeof item !== 'number') || item === '') throw invalidPayload('"item" is required');
  return { collection, item: String(item) };
}

function checkLimits(payload: Item): void {
  if ('max_uses' in payload && payload.max_uses !== null) {
    const uses = payload.max_uses;
    if (typeof uses !== 'number' || !Number.isInteger(uses) || uses < 1) throw invalidPayload('"max_uses" must be a positive integer');
  }
  if ('times_used' in payload) {
    const used = payload.times_used;
    if (typeof used !== 'number' || !Number.isInteger(used) || used < 0)
      throw invalidPayload('"times_used" must be a non-negative integer');
  }
  if ('password' in payload && payload.password !== null && typeof payload.password !== 'string')
    throw invalidPayload('"password" must be a string');
  const start = timeOf(payload.date_start);
  const end = timeOf(payload.date_end);
  if (start !== null && end !== null && start > end) throw invalidPayload('"date_start" must not be after "date_end"');
}

function timeOf(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : time;
}

/**
 * The caller may share and read the item: one query evaluates the caller's `share` and `read` row filters against
 * it (an administrator: that it exists). System collections are not shared.
 */
async function assertShareable(ctx: Context, collection: string, item: PrimaryKey): Promise<void> {
  if (isSystemCollection(systemCollectionName(collection)) || !hasCollection(ctx.schema, collection)) throw forbidden();
  if (ctx.permissions.admin) {
    const { exists } = await matchRuleFilters(ctx, collection, item, [null]);
    if (!exists) throw forbidden();
    return;
  }
  const shareRules = ctx.permissions.index.get(`${collection}:share`) ?? [];
  const readRules = ctx.permissions.index.get(`${collection}:read`) ?? [];
  if (shareRules.length === 0 || readRules.length === 0) throw forbidden();
  const filters = [...shareRules, ...readRules].map((rule) => rule.permissions);
  const { exists, matches } = await matchRuleFilters(ctx, collection, item, filters);
  const shareable = matches.slice(0, shareRules.length).some(Boolean);
  const readable = matches.slice(shareRules.length).some(Boolean);
  if (!exists || !shareable || !readable) throw forbidden();
}
