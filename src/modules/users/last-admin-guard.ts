import type { Context } from '../../engine/context.js';
import { unprocessableContent } from '../../kernel/errors/index.js';
import type { CollectionBehaviour } from '../items/index.js';

/** The fields of each access-control collection whose change can take administrator access away. */
const WATCHED: Record<string, string[] | '*'> = {
  service_users: ['role', 'status'],
  service_roles: ['parent'],
  service_policies: ['admin_access'],
  service_access: '*',
};

/**
 * After an update or delete that can take administrator access away (a user's role or status, a role's
 * parent, a policy's admin flag, access rows), at least one active administrator must remain; otherwise the
 * write is rolled back with 422 UNPROCESSABLE_CONTENT (Directus: "Cannot remove the last admin user from the
 * system"). Creates never remove access and are not checked.
 */
export function lastAdminGuard(collection: string): CollectionBehaviour {
  const watched = WATCHED[collection] ?? [];
  return {
    async afterWrite(ctx, { action, payload }) {
      if (action === 'create') return;
      if (action === 'update' && watched !== '*' && !watched.some((field) => payload !== null && field in payload)) return;
      if ((await countActiveAdmins(ctx)) === 0) throw unprocessableContent('Cannot remove the last admin user from the system');
    },
  };
}

/**
 * Active users with administrator access, whatever the request address: through a policy attached to them
 * or to their role or one of its ancestors.
 */
export async function countActiveAdmins(ctx: Context): Promise<number> {
  // One after the other: inside a transaction the three share one connection, which runs one query at a time.
  const roleRows = (await ctx.db('service_roles').select('id', 'parent')) as { id: string; parent: string | null }[];
  const accessRows = (await ctx.db('service_access').select('role', 'user', 'policy')) as {
    role: string | null;
    user: string | null;
    policy: string;
  }[];
  const policyRows = (await ctx.db('service_policies').select('id', 'admin_access')) as { id: string; admin_access: unknown }[];
  const adminPolicies = new Set(policyRows.filter((p) => ctx.dialect.fromDatabase('boolean', p.admin_access) === true).map((p) => p.id));
  const adminAccess = accessRows.filter((a) => adminPolicies.has(a.policy));
  const rolesWithAdmin = new Set(adminAccess.map((a) => a.role).filter((r): r is string => r !== null));
  const users = adminAccess.map((a) => a.user).filter((u): u is string => u !== null);
  const parents = new Map(roleRows.map((r) => [r.id, r.parent]));
  const adminRoles = roleRows
    .map((r) => r.id)
    .filter((id) => {
      const seen = new Set<string>();
      for (let current: string | null = id; current !== null && !seen.has(current); current = parents.get(current) ?? null) {
        if (rolesWithAdmin.has(current)) return true;
        seen.add(current);
      }
      return false;
    });
  if (adminRoles.length === 0 && users.length === 0) return 0;
  const row = (await ctx
    .db('service_users')
    .where({ status: 'active' })
    .where((q) => {
      if (adminRoles.length > 0) void q.orWhereIn('role', adminRoles);
      if (users.length > 0) void q.orWhereIn('id', users);
    })
    .count({ count: '*' })
    .first()) as { count: number | string } | undefined;
  return Number(row?.count ?? 0);
}
