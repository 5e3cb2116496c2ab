import { asSystem, type Context } from '../../engine/context.js';
import { PUBLIC_POLICY_ID } from '../../kernel/system/system-collections.js';
import { invalidPayload } from '../../kernel/errors/index.js';
import type { ItemsService } from '../items/index.js';
import { isUuid } from '../../kernel/values/is-uuid.js';

/**
 * The policy that stands for a role in bodies that name a role instead of a policy (the legacy body, Directus
 * 10's `{role, action, …}`): the first policy attached to that role (access `sort`, then id) that is attached
 * to nothing else and is not an administrator policy; when there is none, a new policy named after the role is
 * created and attached to it (with the caller's permissions: creating policies and access rows must be
 * allowed to them). `null` is the public policy. Runs inside the caller's transaction.
 */
export async function policyForRole(ctx: Context, items: ItemsService, role: string | null): Promise<string> {
  const system = asSystem(ctx);
  if (role === null) {
    const found = await items.readByQuery(system, 'service_policies', {
      fields: ['id'],
      filter: { id: { _eq: PUBLIC_POLICY_ID } },
      limit: 1,
    });
    if (found.data.length === 0) throw invalidPayload('There is no public policy to attach the rules to');
    return PUBLIC_POLICY_ID;
  }
  if (!isUuid(role)) throw invalidPayload(`"role" must name an existing role, "${role}" doesn't exist`);
  const roles = await items.readByQuery(system, 'service_roles', { fields: ['id', 'name'], filter: { id: { _eq: role } }, limit: 1 });
  const roleRow = roles.data[0];
  if (!roleRow) throw invalidPayload(`"role" must name an existing role, "${role}" doesn't exist`);

  const attached = await items.readByQuery(system, 'service_access', {
    fields: ['policy'],
    filter: { role: { _eq: role } },
    sort: ['sort', 'id'],
    limit: -1,
  });
  const candidates = [...new Set(attached.data.map((row) => String(row.policy)))];
  if (candidates.length > 0) {
    const everywhere = await items.readByQuery(system, 'service_access', {
      fields: ['policy', 'role', 'user'],
      filter: { policy: { _in: candidates } },
      limit: -1,
    });
    const admins = await items.readByQuery(system, 'service_policies', {
      fields: ['id'],
      filter: { _and: [{ id: { _in: candidates } }, { admin_access: { _eq: true } }] },
      limit: -1,
    });
    const adminIds = new Set(admins.data.map((row) => String(row.id)));
    const exclusive = candidates.find(
      (policy) =>
        !adminIds.has(policy) && everywhere.data.every((row) => String(row.policy) !== policy || (row.role === role && row.user === null)),
    );
    if (exclusive) return exclusive;
  }

  const policy = await items.createOne(ctx, 'service_policies', {
    name: String(roleRow.name).slice(0, 100),
    description: 'Rules of this role given as role-based permission bodies.',
    app_access: false,
    admin_access: false,
  });
  await items.createOne(ctx, 'service_access', { role, policy });
  return String(policy);
}
