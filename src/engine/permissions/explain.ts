import type { Context } from '../context.js';
import type { Filter } from '../schema-overview/schema-overview.types.js';
import { isEmptyFilter } from './get-access.js';
import { matchRuleFilters } from './match-rule-filters.js';
import type { PermissionAction, PermissionRule } from './permissions.types.js';
import { SUMMARY_ACTIONS } from './summarize-access.js';

/** A policy that could apply to the explained accountability (attached to its user, one of its roles, or the public). */
export type PolicyExplanation = {
  id: string;
  name: string;
  attached_to: { role: string } | { user: string } | 'public';
  applied: boolean;
  reason: 'applies' | 'ip_outside_list';
  admin_access: boolean;
  app_access: boolean;
  /** Only for callers who may read policies. */
  ip_access?: string[] | null;
};

export type RuleReason = 'no_filter' | 'filter_matched' | 'filter_not_matched' | 'not_item_level' | 'policy_ip_outside_list';

export type RuleExplanation = {
  /** null for the built-in app-access rule (there is at most one per collection and action). */
  id: number | null;
  policy: string | null;
  policy_name: string;
  system: boolean;
  /** Whether the rule's policy applies to this request. */
  applied: boolean;
  /** The row filter with dynamic variables resolved (only for callers who may read permissions). */
  filter?: Filter | null;
  /** Whether the item is among the rule's rows, evaluated in SQL; null when not evaluated (create, no item). */
  filter_matches: boolean | null;
  fields: string[] | null;
  presets?: Record<string, unknown> | null;
  validation?: Filter | null;
  grants: boolean;
  reason: RuleReason;
};

export type FieldReason = 'admin' | 'granted' | 'filter_not_matched' | 'not_listed' | 'policy_ip_outside_list';
export type FieldExplanation = { allowed: boolean; reason: FieldReason; rules: (number | null)[] };

export type ActionExplanation = {
  allowed: boolean;
  reason: 'admin' | 'no_rule' | 'rule_matched' | 'no_rule_matched' | 'granted';
  rules: RuleExplanation[];
  /** read, create and update only. */
  fields?: Record<string, FieldExplanation>;
};

export type AccessExplanation = {
  user: string | null;
  role: string | null;
  roles: string[];
  ip: string | null;
  admin: boolean;
  app: boolean;
  collection: string;
  item: string | null;
  /** Only for administrators: a missing item otherwise reads like an item no rule matches. */
  item_exists?: boolean;
  policies: PolicyExplanation[];
  actions: Record<PermissionAction, ActionExplanation>;
};

export type ExplainInput = {
  /** The explained accountability's context: its permission set (rules resolved, app-access rules included). */
  ctx: Context;
  collection: string;
  key?: string;
  policies: PolicyExplanation[];
  /** Rules of the policies skipped for the IP, dynamic variables resolved for the same accountability. */
  skippedRules: PermissionRule[];
  /** The caller may see rule and policy contents (filters, validations, IP lists) and whether items exist. */
  revealConfig: boolean;
};

const FIELD_ACTIONS = new Set<PermissionAction>(['read', 'create', 'update']);

/**
 * Why the explained accountability may or may not do each action on one item (or, without a key, on the
 * collection), per rule and per field. Every rule filter is evaluated against the item by one SQL query
 * through the query engine (matchRuleFilters). Read-only: nothing is written.
 */
export async function explainAccess(input: ExplainInput): Promise<AccessExplanation> {
  const { ctx, collection, key, revealConfig } = input;
  const { accountability } = ctx;
  const overview = Object.hasOwn(ctx.schema.collections, collection) ? ctx.schema.collections[collection] : undefined;
  const policyNames = new Map(input.policies.map((p) => [p.id, p.name]));
  const applied = ctx.permissions.rules.filter((r) => r.collection === collection);
  const skipped = input.skippedRules.filter((r) => r.collection === collection);
  const all = [...applied.map((rule) => ({ rule, applied: true })), ...skipped.map((rule) => ({ rule, applied: false }))];

  const itemLevel = key !== undefined ? all.filter(({ rule }) => rule.action !== 'create') : [];
  const match =
    key !== undefined
      ? await matchRuleFilters(
          ctx,
          collection,
          key,
          itemLevel.map(({ rule }) => rule.permissions),
        )
      : null;
  const matchOf = new Map(itemLevel.map((entry, index) => [entry, match!.matches[index] ?? false]));

  const explainRule = (entry: (typeof all)[number]): RuleExplanation => {
    const { rule } = entry;
    const matches = matchOf.has(entry) ? matchOf.get(entry)! : null;
    let reason: RuleReason;
    if (!entry.applied) reason = 'policy_ip_outside_list';
    else if (matches === null) reason = 'not_item_level';
    else if (matches) reason = isEmptyFilter(rule.permissions) ? 'no_filter' : 'filter_matched';
    else reason = 'filter_not_matched';
    return {
      id: rule.id,
      policy: rule.policy,
      policy_name: rule.system ? 'app access (built-in rules)' : (policyNames.get(rule.policy ?? '') ?? String(rule.policy)),
      system: rule.system === true,
      applied: entry.applied,
      ...(revealConfig ? { filter: rule.permissions } : {}),
      filter_matches: matches,
      fields: rule.fields,
      ...(revealConfig ? { presets: rule.presets, validation: rule.validation } : {}),
      grants: entry.applied && matches !== false,
      reason,
    };
  };

  const fieldNames = visibleFields(
    overview?.fields ? Object.keys(overview.fields) : [],
    all.map((e) => e.rule),
    revealConfig || accountability.admin,
  );
  const actions = {} as Record<PermissionAction, ActionExplanation>;
  for (const action of SUMMARY_ACTIONS) {
    const rules = all.filter(({ rule }) => rule.action === action).map(explainRule);
    actions[action] = explainAction(action, rules, accountability.admin, key !== undefined, fieldNames);
  }

  return {
    user: accountability.user,
    role: accountability.role,
    roles: accountability.roles,
    ip: accountability.ip,
    admin: accountability.admin,
    app: accountability.app,
    collection,
    item: key ?? null,
    ...(revealConfig && key !== undefined ? { item_exists: match?.exists ?? false } : {}),
    policies: input.policies,
    actions,
  };
}

function explainAction(
  action: PermissionAction,
  rules: RuleExplanation[],
  admin: boolean,
  withItem: boolean,
  fieldNames: string[],
): ActionExplanation {
  const appliedRules = rules.filter((r) => r.applied);
  let allowed: boolean;
  let reason: ActionExplanation['reason'];
  if (admin) [allowed, reason] = [true, 'admin'];
  else if (appliedRules.length === 0) [allowed, reason] = [false, 'no_rule'];
  else if (!withItem || action === 'create') [allowed, reason] = [true, 'granted'];
  else {
    allowed = appliedRules.some((r) => r.grants);
    reason = allowed ? 'rule_matched' : 'no_rule_matched';
  }
  const result: ActionExplanation = { allowed, reason, rules };
  if (FIELD_ACTIONS.has(action)) {
    result.fields = Object.fromEntries(fieldNames.map((field) => [field, explainField(action, field, rules, admin, allowed)]));
  }
  return result;
}

/**
 * Reads show a field on an item, and updates write it, only when a rule listing it matches the item
 * (case/when; assert-item-access with fieldsRowFilter); a create allows the union of the listed fields of the
 * rules covering the new item, which only the payload decides (apply-write-rules).
 */
function explainField(
  action: PermissionAction,
  field: string,
  rules: RuleExplanation[],
  admin: boolean,
  actionAllowed: boolean,
): FieldExplanation {
  if (admin) return { allowed: true, reason: 'admin', rules: [] };
  const lists = (r: RuleExplanation) => (r.fields ?? []).some((f) => f === '*' || f === field);
  const listing = rules.filter((r) => r.applied && lists(r));
  if (listing.length === 0) {
    const skipped = rules.filter((r) => !r.applied && lists(r));
    return { allowed: false, reason: skipped.length > 0 ? 'policy_ip_outside_list' : 'not_listed', rules: skipped.map((r) => r.id) };
  }
  if (action === 'read' || action === 'update') {
    const granting = listing.filter((r) => r.grants);
    if (granting.length > 0) return { allowed: true, reason: 'granted', rules: granting.map((r) => r.id) };
    return { allowed: false, reason: 'filter_not_matched', rules: listing.map((r) => r.id) };
  }
  return actionAllowed
    ? { allowed: true, reason: 'granted', rules: listing.map((r) => r.id) }
    : { allowed: false, reason: 'filter_not_matched', rules: listing.map((r) => r.id) };
}

/**
 * The fields an explanation lists: every field of the collection for callers who may see the configuration
 * (or when some rule grants `*`), otherwise only the fields the rules name, so that an explanation never
 * reveals field names the caller has no rule for.
 */
function visibleFields(schemaFields: string[], rules: PermissionRule[], all: boolean): string[] {
  if (all || rules.some((r) => (r.fields ?? []).includes('*'))) return schemaFields;
  const named = new Set(rules.flatMap((r) => r.fields ?? []));
  return schemaFields.filter((f) => named.has(f));
}
