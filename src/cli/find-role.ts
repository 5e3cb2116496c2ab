import type { App } from '../app.js';
import type { Context } from '../engine/context.js';
import { isUuid } from '../kernel/values/index.js';

/**
 * The role a CLI option names, by id or by name (`--role Administrator`), as the items service reads it. A name
 * that matches no role, or more than one, is an error that lists the roles there are.
 */
export async function findRole(app: App, ctx: Context, role: string): Promise<string> {
  const { data } = await app.items.readByQuery(ctx, 'service_roles', { fields: ['id', 'name'], limit: -1, sort: ['name'] });
  const roles = data as { id: string; name: string }[];
  if (isUuid(role)) {
    const byId = roles.find((r) => r.id.toLowerCase() === role.toLowerCase());
    if (byId) return byId.id;
  }
  const byName = roles.filter((r) => r.name === role);
  if (byName.length === 1) return byName[0]!.id;
  const known = roles.map((r) => `${r.name} (${r.id})`).join(', ') || 'none';
  if (byName.length > 1) throw new Error(`More than one role is named "${role}": give its id. Roles: ${known}`);
  throw new Error(`No role "${role}". Roles: ${known}`);
}
