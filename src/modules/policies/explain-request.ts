import { asSystem, type Context } from '../../engine/context.js';
import { explainAccess, type AccessExplanation, type PolicyExplanation } from '../../engine/permissions/explain.js';
import { getAccess } from '../../engine/permissions/get-access.js';
import { ipInList } from '../../engine/permissions/ip-in-list.js';
import { PERMISSION_ACTIONS, type PermissionAction, type PermissionRule } from '../../engine/permissions/permissions.types.js';
import { resolveVariables } from '../../engine/query/resolve-variables.js';
import type { Filter } from '../../engine/schema-overview/schema-overview.types.js';
import type { ItemsService } from '../items/index.js';

type Row = Record<string, unknown>;

/**
 * The explanation of `target`'s access to one item for `caller` (the same context, or an administrator asking
 * on behalf of another user): the policies that could apply (attached to the user, to one of their roles, or
 * to the public) with whether they did, and for the policies skipped for the request's IP their rules too.
 * Only reads; rule contents (filters, validations, IP lists) are shown to callers who may read permissions.
 */
export async function explainRequest(
  items: ItemsService,
  caller: Context,
  target: Context,
  options: { collection: string; key?: string; userStatus?: string },
): Promise<AccessExplanation & { user_status?: string }> {
  const revealConfig = caller.accountability.admin || getAccess(caller.permissions, 'service_permissions', 'read') !== null;
  const policies = await candidatePolicies(items, target, revealConfig);
  const skippedIds = policies.filter((p) => !p.applied).map((p) => p.id);
  const skippedRules = skippedIds.length > 0 ? await rulesOf(items, target, skippedIds, options.collection) : [];
  const explanation = await explainAccess({
    ctx: target,
    collection: options.collection,
    key: options.key,
    policies,
    skippedRules,
    revealConfig,
  });
  return options.userStatus !== undefined ? { ...explanation, user_status: options.userStatus } : explanation;
}

async function candidatePolicies(items: ItemsService, target: Context, revealConfig: boolean): Promise<PolicyExplanation[]> {
  const { accountability } = target;
  const anonymous = accountability.user === null && accountability.roles.length === 0;
  const conditions: Filter[] = [];
  if (accountability.user !== null) conditions.push({ user: { _eq: accountability.user } });
  if (accountability.roles.length > 0) conditions.push({ role: { _in: accountability.roles } });
  const filter: Filter = anonymous ? { _and: [{ role: { _null: true } }, { user: { _null: true } }] } : { _or: conditions };
  const result = await items.readByQuery(asSystem(target), 'service_access', {
    fields: ['role', 'user', 'sort', 'policy.id', 'policy.name', 'policy.ip_access', 'policy.admin_access', 'policy.app_access'],
    filter,
    sort: ['id'],
    limit: -1,
  });
  // The engine's order: role-attached policies from the root role down, then the user's own.
  const rank = (row: Row) => (row.role === null ? accountability.roles.length : accountability.roles.indexOf(String(row.role)));
  const sortOf = (row: Row) => Number(row.sort ?? 0);
  const rows = result.data
    .map((row, index) => ({ row, index }))
    .sort((a, b) => rank(a.row) - rank(b.row) || sortOf(a.row) - sortOf(b.row) || a.index - b.index);
  const seen = new Set<string>();
  const out: PolicyExplanation[] = [];
  for (const { row } of rows) {
    const policy = row.policy as Row | null;
    if (!policy || seen.has(String(policy.id))) continue;
    seen.add(String(policy.id));
    const ipAccess = Array.isArray(policy.ip_access) ? (policy.ip_access as string[]) : null;
    const applied = accountability.policies.includes(String(policy.id));
    out.push({
      id: String(policy.id),
      name: String(policy.name),
      attached_to: row.role !== null ? { role: String(row.role) } : row.user !== null ? { user: String(row.user) } : 'public',
      applied,
      reason: applied || !ipAccess || ipAccess.length === 0 || ipInList(accountability.ip, ipAccess) ? 'applies' : 'ip_outside_list',
      admin_access: policy.admin_access === true,
      app_access: policy.app_access === true,
      ...(revealConfig ? { ip_access: ipAccess } : {}),
    });
  }
  return out;
}

/** The stored rules of some policies for one collection, as the engine would use them for `target`. */
async function rulesOf(items: ItemsService, target: Context, policies: string[], collection: string): Promise<PermissionRule[]> {
  const result = await items.readByQuery(asSystem(target), 'service_permissions', {
    fields: ['id', 'policy', 'collection', 'action', 'permissions', 'validation', 'presets', 'fields'],
    filter: { _and: [{ policy: { _in: policies } }, { collection: { _eq: collection } }] },
    sort: ['id'],
    limit: -1,
  });
  const rules = result.data
    .filter((row) => (PERMISSION_ACTIONS as readonly unknown[]).includes(row.action))
    .map((row): PermissionRule => ({
      id: Number(row.id),
      policy: String(row.policy),
      collection: String(row.collection),
      action: row.action as PermissionAction,
      permissions: (row.permissions as Filter | null) ?? null,
      validation: (row.validation as Filter | null) ?? null,
      presets: (row.presets as Record<string, unknown> | null) ?? null,
      fields: Array.isArray(row.fields) ? (row.fields as string[]) : null,
    }));
  return resolveVariables(target, rules);
}
