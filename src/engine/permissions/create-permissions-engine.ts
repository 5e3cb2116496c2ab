import type { Knex } from 'knex';
import type { Dialect } from '../../database/dialects/dialect.js';
import { createCacheRegistry, type CacheRegistry } from '../../kernel/caches/index.js';
import type { Accountability, RequestOrigin, ShareScope } from '../../kernel/context/index.js';
import { PUBLIC_POLICY_ID } from '../../kernel/system/system-collections.js';
import type { Context } from '../context.js';
import { resolveVariables } from '../query/resolve-variables.js';
import { ADMIN_PERMISSIONS } from './admin-permissions.js';
import { APP_ACCESS_RULES } from './app-access-rules.js';
import { ipInList } from './ip-in-list.js';
import { shareRules } from './share-rules.js';
import { PERMISSION_ACTIONS, type PermissionAction, type PermissionRule, type PermissionSet } from './permissions.types.js';

type PolicyRow = { id: string; name: string; ipAccess: string[]; admin: boolean; app: boolean; enforceTfa: boolean };
type AccessRow = { role: string | null; user: string | null; policy: string; sort: number | null };
type Tables = {
  roles: Map<string, string | null>;
  policies: Map<string, PolicyRow>;
  access: AccessRow[];
  rulesByPolicy: Map<string, PermissionRule[]>;
};
export type UserRow = { id: string; role: string | null; status: string };

export type PermissionsEngine = {
  /** The accountability of a user (role tree, policies after the IP filter, admin/app flags); null if the user is gone. */
  accountabilityForUser(
    userId: string,
    origin: RequestOrigin & { session?: string | null; sessionFamily?: string | null },
  ): Promise<Accountability | null>;
  /** The accountability of an anonymous request: the public policies. */
  publicAccountability(origin: RequestOrigin): Promise<Accountability>;
  /**
   * The accountability of a caller with no user holding `role` (its ancestors' and its own policies; a flow's item
   * operation acting with a role's rules); null if the role does not exist.
   */
  accountabilityForRole(role: string, origin: RequestOrigin): Promise<Accountability | null>;
  /**
   * The accountability of a caller with no user and no role holding just `policy` (a flow's item operation acting
   * with a policy's rules); null if the policy does not exist.
   */
  accountabilityForPolicy(policy: string, origin: RequestOrigin): Promise<Accountability | null>;
  /** The user row as the engine caches it (status checks for tokens). */
  getUser(userId: string): Promise<UserRow | null>;
  /** Every applicable rule with dynamic variables resolved. */
  permissionSet(ctx: Omit<Context, 'permissions'>): Promise<PermissionSet>;
  /** The policies of an accountability with their flags (for /policies/me/globals, enforce_tfa). */
  policiesOf(accountability: Accountability): Promise<PolicyRow[]>;
  /** Forget every cached table; called after any write to roles, policies, access, permissions or users. */
  invalidate(): void;
};

/**
 * THE permission engine's state: the small access-control tables cached in memory (one read each after an
 * invalidation), user rows cached by id, rule sets cached per policy set. Rules become SQL filters in the
 * query engine; nothing here filters rows in JavaScript.
 */
export function createPermissionsEngine(deps: { knex: Knex; dialect: Dialect; caches?: CacheRegistry }): PermissionsEngine {
  const { knex, dialect } = deps;
  // The app's registry (decision 0050); alone (unit tests), a registry of its own. Emptied by the access
  // version (and by a schema change or CACHE_SYSTEM_TTL, which announce every version).
  const caches = deps.caches ?? createCacheRegistry();
  const tables = caches.lru<'tables', Promise<Tables>>('permissions.tables', { max: 1, invalidatedBy: ['access'] });
  const users = caches.lru<string, Promise<UserRow | null>>('permissions.users', { max: 10_000, invalidatedBy: ['access'] });
  const sets = caches.lru<string, PermissionRule[]>('permissions.rule-sets', { max: 1000, invalidatedBy: ['access'] });
  /** Raised by every invalidation: what was read before it is not stored after it. */
  let generation = 0;

  const loadTables = (): Promise<Tables> => {
    let loaded = tables.get('tables');
    if (!loaded) {
      const reading = readTables(knex, dialect).catch((error: unknown) => {
        if (tables.peek('tables') === reading) tables.delete('tables');
        throw error;
      });
      tables.set('tables', reading);
      loaded = reading;
    }
    return loaded;
  };

  const getUser = (userId: string): Promise<UserRow | null> => {
    let cached = users.get(userId);
    if (!cached) {
      cached = knex('service_users')
        .select('id', 'role', 'status')
        .where('id', userId)
        .first()
        .then((row: UserRow | undefined) => {
          // An unknown id is not remembered: the user may be created a moment later (on any instance).
          if (!row && users.peek(userId) === cached) users.delete(userId);
          return row ?? null;
        })
        .catch((error: unknown) => {
          if (users.peek(userId) === cached) users.delete(userId);
          throw error;
        });
      users.set(userId, cached);
    }
    return cached;
  };

  const applicable = (t: Tables, roles: string[], user: string | null, ip: string | null): PolicyRow[] => {
    const rows =
      user === null && roles.length === 0
        ? t.access.filter((a) => a.role === null && a.user === null)
        : [
            ...roles.flatMap((role) => t.access.filter((a) => a.role === role).sort(bySort)),
            ...t.access.filter((a) => user !== null && a.user === user).sort(bySort),
          ];
    const seen = new Set<string>();
    const result: PolicyRow[] = [];
    for (const row of rows) {
      const policy = t.policies.get(row.policy);
      if (!policy || seen.has(policy.id)) continue;
      if (policy.ipAccess.length > 0 && !ipInList(ip, policy.ipAccess)) continue;
      seen.add(policy.id);
      result.push(policy);
    }
    return result;
  };

  const build = (
    user: string | null,
    role: string | null,
    roles: string[],
    policies: PolicyRow[],
    origin: RequestOrigin & { session?: string | null; sessionFamily?: string | null },
  ): Accountability => ({
    user,
    role,
    roles,
    policies: policies.map((p) => p.id),
    admin: policies.some((p) => p.admin),
    app: policies.some((p) => p.admin || p.app),
    ip: origin.ip ?? null,
    userAgent: origin.userAgent ?? null,
    origin: origin.origin ?? null,
    session: origin.session ?? null,
    ...(origin.sessionFamily ? { sessionFamily: origin.sessionFamily } : {}),
  });

  const engine: PermissionsEngine = {
    getUser,
    async accountabilityForUser(userId, origin) {
      const user = await getUser(userId);
      if (!user) return null;
      const t = await loadTables();
      const roles = roleChain(t.roles, user.role);
      return build(user.id, user.role, roles, applicable(t, roles, user.id, origin.ip ?? null), origin);
    },
    async publicAccountability(origin) {
      const t = await loadTables();
      return build(null, null, [], applicable(t, [], null, origin.ip ?? null), origin);
    },
    async accountabilityForRole(role, origin) {
      const t = await loadTables();
      if (!t.roles.has(role)) return null;
      const roles = roleChain(t.roles, role);
      return build(null, role, roles, applicable(t, roles, null, origin.ip ?? null), origin);
    },
    async accountabilityForPolicy(policy, origin) {
      const t = await loadTables();
      const row = t.policies.get(policy);
      return row ? build(null, null, [], [row], origin) : null;
    },
    async policiesOf(accountability) {
      const t = await loadTables();
      return accountability.policies.map((id) => t.policies.get(id)).filter((p): p is PolicyRow => p !== undefined);
    },
    async permissionSet(ctx) {
      const { accountability } = ctx;
      if (accountability.share) return shareSet(ctx, accountability.share);
      if (accountability.admin) return { admin: true, rules: [], index: new Map() };
      const key = `${accountability.app ? 'app' : 'api'}|${accountability.policies.join(',')}`;
      let rules = sets.get(key);
      if (!rules) {
        const since = generation;
        const t = await loadTables();
        rules = accountability.policies.flatMap((id) => t.rulesByPolicy.get(id) ?? []);
        if (accountability.app) rules = [...rules, ...APP_ACCESS_RULES];
        // Tables read before an invalidation may be stale: used for this request, never stored.
        if (since === generation) sets.set(key, rules);
      }
      const resolved = await resolveVariables({ ...ctx, permissions: ADMIN_PERMISSIONS }, rules);
      return indexRules(resolved);
    },
    invalidate() {
      generation++;
      tables.clear();
      users.clear();
      sets.clear();
    },
  };

  /**
   * A share session's rules (share-rules.ts): the creator's read rules, resolved as the creator, meet the share
   * role's; a creator who is gone or not active, or a role that is gone, leaves nothing readable.
   */
  const shareSet = async (ctx: Omit<Context, 'permissions'>, scope: ShareScope): Promise<PermissionSet> => {
    const origin = { ip: ctx.accountability.ip, userAgent: ctx.accountability.userAgent, origin: ctx.accountability.origin };
    let creator: PermissionSet | null = null;
    const user = scope.creator ? await getUser(scope.creator) : null;
    if (user && user.status === 'active') {
      const accountability = await engine.accountabilityForUser(user.id, origin);
      if (accountability) creator = await engine.permissionSet({ ...ctx, accountability });
    }
    let role: PermissionSet | null | 'none' = 'none';
    if (scope.role) {
      const accountability = await engine.accountabilityForRole(scope.role, origin);
      role = accountability ? await engine.permissionSet({ ...ctx, accountability }) : null;
    }
    return indexRules(shareRules(ctx.schema, scope, creator, role));
  };
  return engine;
}

export function indexRules(rules: PermissionRule[]): PermissionSet {
  const index = new Map<string, PermissionRule[]>();
  for (const rule of rules) {
    const key = `${rule.collection}:${rule.action}`;
    const list = index.get(key) ?? [];
    list.push(rule);
    index.set(key, list);
  }
  return { admin: false, rules, index };
}

function bySort(a: AccessRow, b: AccessRow): number {
  return (a.sort ?? 0) - (b.sort ?? 0);
}

/** The role and its ancestors, root first; stops on cycles. */
function roleChain(roles: Map<string, string | null>, role: string | null): string[] {
  const chain: string[] = [];
  let current = role;
  while (current && !chain.includes(current) && roles.has(current)) {
    chain.unshift(current);
    current = roles.get(current) ?? null;
  }
  return chain;
}

async function readTables(knex: Knex, dialect: Dialect): Promise<Tables> {
  const [roleRows, policyRows, accessRows, permissionRows] = await Promise.all([
    knex('service_roles').select('id', 'parent'),
    knex('service_policies').select('id', 'name', 'ip_access', 'admin_access', 'app_access', 'enforce_tfa'),
    knex('service_access').select('role', 'user', 'policy', 'sort'),
    knex('service_permissions').select('*').orderBy('id'),
  ]);
  const bool = (v: unknown) => dialect.fromDatabase('boolean', v) === true;
  const json = (v: unknown) => (dialect.fromDatabase('json', v) ?? null) as Record<string, unknown> | null;
  const rulesByPolicy = new Map<string, PermissionRule[]>();
  for (const row of permissionRows as Record<string, unknown>[]) {
    const action = String(row.action) as PermissionAction;
    if (!(PERMISSION_ACTIONS as readonly string[]).includes(action)) continue;
    const rule: PermissionRule = {
      id: Number(row.id),
      policy: String(row.policy),
      collection: String(row.collection),
      action,
      permissions: json(row.permissions),
      validation: json(row.validation),
      presets: json(row.presets),
      fields:
        row.fields === null || row.fields === undefined
          ? null
          : String(row.fields)
              .split(',')
              .map((f) => f.trim())
              .filter(Boolean),
    };
    const list = rulesByPolicy.get(rule.policy!) ?? [];
    list.push(rule);
    rulesByPolicy.set(rule.policy!, list);
  }
  return {
    roles: new Map((roleRows as { id: string; parent: string | null }[]).map((r) => [r.id, r.parent])),
    policies: new Map(
      (policyRows as Record<string, unknown>[]).map((p) => [
        String(p.id),
        {
          id: String(p.id),
          name: String(p.name),
          ipAccess: p.ip_access
            ? String(p.ip_access)
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean)
            : [],
          admin: bool(p.admin_access),
          app: bool(p.app_access),
          enforceTfa: bool(p.enforce_tfa),
        },
      ]),
    ),
    access: (accessRows as AccessRow[]).map((a) => ({ role: a.role, user: a.user, policy: a.policy, sort: a.sort })),
    rulesByPolicy,
  };
}

export { PUBLIC_POLICY_ID };
