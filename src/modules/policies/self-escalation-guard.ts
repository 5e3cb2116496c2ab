import type { Context } from '../../engine/context.js';
import { forbiddenAction } from '../../kernel/errors/index.js';
import type { CollectionBehaviour, Item, PrimaryKey } from '../items/index.js';
import { isUuid } from '../../kernel/values/is-uuid.js';

/** Policy fields that decide what a policy grants beyond its rules. */
const POLICY_ACCESS_FIELDS = ['admin_access', 'app_access', 'ip_access', 'permissions', 'roles', 'users'];
/** Role fields that decide which policies reach a role's users. */
const ROLE_ACCESS_FIELDS = ['parent', 'children', 'policies', 'users'];

type Row = Record<string, unknown>;

/**
 * Nobody but an administrator raises their own access, whatever rules they were given on the access-control
 * collections (as `/users/me` can't change one's own role): a non-administrator may not attach a policy to
 * themselves, to one of their roles (or, anonymous, to the public), nor attach an administrator policy at all;
 * may not grant `admin_access` to any policy; may not change what a policy that reaches them grants (flags, IP
 * list, rules); and may not re-parent or re-attach their own roles. Removing access is always allowed.
 * Everything is checked inside the write's transaction, against the rows as they are there.
 */
export function selfEscalationGuards(): Record<string, CollectionBehaviour> {
  return {
    service_access: {
      async beforeWrite(ctx, { action, payload, keys }) {
        if (ctx.accountability.admin) return payload;
        const mine = await ownReach(ctx);
        const existing = action === 'update' ? await rowsOf(ctx, 'service_access', keys) : [{}];
        for (const row of existing) {
          const merged = { ...row, ...payload };
          const toMe = (ctx.accountability.user !== null && merged.user === ctx.accountability.user) || mine.roles.has(String(merged.role));
          const toPublic = mine.anonymous && (merged.role ?? null) === null && (merged.user ?? null) === null;
          if (toMe || toPublic || (await isAdminPolicy(ctx, merged.policy)))
            throw forbiddenAction(action, 'service_access', Object.keys(payload));
        }
        return payload;
      },
    },
    service_policies: {
      async beforeWrite(ctx, { action, payload, keys }) {
        if (ctx.accountability.admin) return payload;
        if ([true, 'true', 1, '1'].includes(payload.admin_access as never))
          throw forbiddenAction(action, 'service_policies', ['admin_access']);
        if (action === 'update') {
          const mine = await ownReach(ctx);
          const touched = POLICY_ACCESS_FIELDS.filter((field) => field in payload);
          if (touched.length > 0 && keys.some((key) => mine.policies.has(String(key))))
            throw forbiddenAction(action, 'service_policies', touched);
        }
        return payload;
      },
    },
    service_permissions: {
      async beforeWrite(ctx, { action, payload, keys }) {
        if (ctx.accountability.admin) return payload;
        const mine = await ownReach(ctx);
        const policies = [
          payload.policy,
          ...(action === 'update' ? (await rowsOf(ctx, 'service_permissions', keys)).map((r) => r.policy) : []),
        ];
        if (policies.some((policy) => mine.policies.has(String(policy)))) throw forbiddenAction(action, 'service_permissions');
        return payload;
      },
    },
    service_roles: {
      async beforeWrite(ctx, { action, payload, keys }) {
        if (ctx.accountability.admin || action !== 'update') return payload;
        const mine = await ownReach(ctx);
        const touched = ROLE_ACCESS_FIELDS.filter((field) => field in payload);
        if (touched.length > 0 && keys.some((key) => mine.roles.has(String(key)))) throw forbiddenAction(action, 'service_roles', touched);
        return payload;
      },
    },
  };
}

/** The caller's roles (with ancestors) and every policy attached to them, to their roles or (anonymous) to the public, whatever the IP. */
async function ownReach(ctx: Context): Promise<{ roles: Set<string>; policies: Set<string>; anonymous: boolean }> {
  const { user, roles } = ctx.accountability;
  const anonymous = user === null && roles.length === 0;
  const query = ctx.db('service_access').select('policy');
  if (anonymous) query.whereNull('role').whereNull('user');
  else {
    query.where((q) => {
      if (user !== null) q.orWhere('user', user);
      if (roles.length > 0) q.orWhereIn('role', roles);
    });
  }
  const rows = (await query) as { policy: string }[];
  return { roles: new Set(roles), policies: new Set([...rows.map((r) => String(r.policy)), ...ctx.accountability.policies]), anonymous };
}

async function rowsOf(ctx: Context, table: string, keys: PrimaryKey[]): Promise<Row[]> {
  if (keys.length === 0) return [];
  return (await ctx.db(table).select('*').whereIn('id', keys)) as Row[];
}

async function isAdminPolicy(ctx: Context, policy: unknown): Promise<boolean> {
  if (typeof policy !== 'string' || !isUuid(policy)) return false;
  const row = (await ctx.db('service_policies').select('admin_access').where({ id: policy }).first()) as Item | undefined;
  return row !== undefined && ctx.dialect.fromDatabase('boolean', row.admin_access) === true;
}
