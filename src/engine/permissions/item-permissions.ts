import type { Context } from '../context.js';
import type { Filter } from '../schema-overview/schema-overview.types.js';
import { matchRuleFilters } from './match-rule-filters.js';
import type { PermissionAction, PermissionRule } from './permissions.types.js';
import { mergeFieldLists, mergePresets } from './summarize-access.js';

export type ItemPermissions = {
  update: { access: boolean; fields?: string[]; presets?: Record<string, unknown> };
  delete: { access: boolean };
  share: { access: boolean };
};

export const ITEM_ACTIONS = ['update', 'delete', 'share'] as const;

/**
 * What the context may do to one item (directus-behaviour.md §6.7): per action, whether some rule exists and,
 * with a key, whether the item exists and matches one of the rules' row filters (evaluated in SQL, exactly as
 * updates and deletes check it). Without a key, whether the action is granted on the collection at all. An
 * unknown collection or item is simply `false`: the answer never reveals existence. For a singleton whose row
 * doesn't exist yet, `update` is checked as `create`; when it is granted, `update` also carries the merged
 * `fields` and `presets` of those rules.
 */
export async function itemPermissions(ctx: Context, collection: string, key?: string): Promise<ItemPermissions> {
  if (ctx.permissions.admin) return { update: { access: true }, delete: { access: true }, share: { access: true } };
  const result: ItemPermissions = { update: { access: false }, delete: { access: false }, share: { access: false } };
  const overview = Object.hasOwn(ctx.schema.collections, collection) ? ctx.schema.collections[collection] : undefined;
  if (!overview) return result;

  let updateAction: PermissionAction = 'update';
  if (overview.singleton) {
    const row: unknown = await ctx.db.from(collection).select(overview.primary).first();
    if (!row) updateAction = 'create';
  }
  const checked = ITEM_ACTIONS.map((action) => {
    const checkAction = action === 'update' ? updateAction : action;
    return { action, checkAction, rules: ctx.permissions.index.get(`${collection}:${checkAction}`) ?? [] };
  });

  // Item-level: one query evaluates every rule's filter against the item (create has no row filter).
  const itemLevel = key !== undefined ? checked.filter((c) => c.rules.length > 0 && c.checkAction !== 'create') : [];
  const filters: (Filter | null)[] = itemLevel.flatMap((c) => c.rules.map((r) => r.permissions));
  const match = itemLevel.length > 0 ? await matchRuleFilters(ctx, collection, key, filters) : null;

  let offset = 0;
  for (const { action, checkAction, rules } of checked) {
    if (rules.length === 0) continue;
    if (!match || checkAction === 'create') {
      result[action].access = true;
      continue;
    }
    result[action].access = match.matches.slice(offset, offset + rules.length).some(Boolean);
    offset += rules.length;
  }

  if (overview.singleton && result.update.access) {
    const rules: PermissionRule[] = checked[0]!.rules;
    result.update.fields = mergeFieldLists(rules) ?? [];
    result.update.presets = mergePresets(rules) ?? {};
  }
  return result;
}
