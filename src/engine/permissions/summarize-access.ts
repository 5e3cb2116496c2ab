import type { SchemaOverview } from '../schema-overview/schema-overview.types.js';
import { isEmptyFilter } from './get-access.js';
import type { PermissionAction, PermissionRule, PermissionSet } from './permissions.types.js';

/** The key order of every effective-access entry (directus-behaviour.md §6.6). */
export const SUMMARY_ACTIONS = ['read', 'create', 'update', 'delete', 'share'] as const satisfies readonly PermissionAction[];

/** What one action on one collection allows, as `GET /permissions/me` reports it. */
export type ActionSummary = { access: 'none' } | { access: 'full' | 'partial'; fields?: string[]; presets?: Record<string, unknown> };

export type CollectionSummary = Record<(typeof SUMMARY_ACTIONS)[number], ActionSummary>;

/**
 * The effective access of a permission set, per collection with at least one rule (the built-in app-access
 * rules included) and per action: `none` without a rule, `full` when some rule has no row filter, `partial`
 * when every rule has one (Directus marks it partial as soon as *any* rule is filtered; see docs/permissions.md).
 * Administrators get every collection of the schema, all actions full. Collections the schema no longer has
 * are left out.
 */
export function summarizeAccess(permissions: PermissionSet, schema: SchemaOverview): Record<string, CollectionSummary> {
  const result: Record<string, CollectionSummary> = {};
  if (permissions.admin) {
    for (const collection of Object.keys(schema.collections)) {
      result[collection] = Object.fromEntries(
        SUMMARY_ACTIONS.map((action) => [action, { access: 'full', fields: ['*'] }]),
      ) as CollectionSummary;
    }
    return result;
  }
  const byCollection = new Map<string, PermissionRule[]>();
  for (const rule of permissions.rules) {
    if (!Object.hasOwn(schema.collections, rule.collection)) continue;
    const list = byCollection.get(rule.collection) ?? [];
    list.push(rule);
    byCollection.set(rule.collection, list);
  }
  for (const [collection, rules] of byCollection) {
    result[collection] = Object.fromEntries(
      SUMMARY_ACTIONS.map((action) => [action, summarizeRules(rules.filter((r) => r.action === action))]),
    ) as CollectionSummary;
  }
  return result;
}

/** The merged view of the rules of one collection and action (all of them for that action). */
export function summarizeRules(rules: readonly PermissionRule[]): ActionSummary {
  if (rules.length === 0) return { access: 'none' };
  const summary: ActionSummary = { access: rules.some((r) => isEmptyFilter(r.permissions)) ? 'full' : 'partial' };
  const fields = mergeFieldLists(rules);
  if (fields) summary.fields = fields;
  const presets = mergePresets(rules);
  if (presets) summary.presets = presets;
  return summary;
}

/** Union of the rules' field lists in rule order, `['*']` when one grants all; null when every list is null. */
export function mergeFieldLists(rules: readonly PermissionRule[]): string[] | null {
  if (rules.every((r) => r.fields === null)) return null;
  const fields = new Set<string>();
  for (const rule of rules) {
    for (const field of rule.fields ?? []) {
      if (field === '*') return ['*'];
      fields.add(field);
    }
  }
  return [...fields];
}

/** Shallow merge of the rules' presets in rule order (later wins); null when no rule has presets. */
export function mergePresets(rules: readonly PermissionRule[]): Record<string, unknown> | null {
  const withPresets = rules.filter((r) => r.presets !== null && r.presets !== undefined);
  if (withPresets.length === 0) return null;
  return Object.assign({}, ...withPresets.map((r) => r.presets)) as Record<string, unknown>;
}
