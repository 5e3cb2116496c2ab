import type { PermissionSet } from '../../../engine/permissions/permissions.types.js';
import { summarizeAccess, type ActionSummary } from '../../../engine/permissions/summarize-access.js';
import type { SchemaOverview } from '../../../engine/schema-overview/schema-overview.types.js';

export const ITEM_ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export type ItemAction = (typeof ITEM_ACTIONS)[number];

/** What a caller may do with one collection, as the OpenAPI document shows it. */
export type CollectionUse = {
  collection: string;
  actions: Set<ItemAction>;
  /** The fields the caller may read or write, in schema order. */
  fields: string[];
};

/**
 * The collections a caller may use, from the same summary `GET /permissions/me` reports: a collection appears
 * when the caller may read, create, update or delete in it (share alone is not an operation of the REST API),
 * with the fields granted by any of those actions. Administrators use every collection and field.
 */
export function specAccess(permissions: PermissionSet, schema: SchemaOverview): Map<string, CollectionUse> {
  const result = new Map<string, CollectionUse>();
  for (const [collection, summary] of Object.entries(summarizeAccess(permissions, schema))) {
    const overview = schema.collections[collection];
    if (!overview) continue;
    const actions = new Set(ITEM_ACTIONS.filter((action) => summary[action].access !== 'none'));
    if (actions.size === 0) continue;
    const granted = new Set<string>();
    for (const action of ['read', 'create', 'update'] as const) for (const field of grantedFields(summary[action])) granted.add(field);
    const fields = Object.keys(overview.fields).filter((field) => granted.has('*') || granted.has(field));
    result.set(collection, { collection, actions, fields });
  }
  return result;
}

function grantedFields(summary: ActionSummary): string[] {
  return summary.access === 'none' ? [] : (summary.fields ?? []);
}
