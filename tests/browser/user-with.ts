import { adminData, type Row } from './admin-data.js';
import type { StratumProcess } from './browser-harness.js';

/** The password of every user that `userWith` makes. */
export const USER_PASSWORD = 'UserPass123!';

/**
 * An active user (password USER_PASSWORD) whose role's one policy (app access, no admin access) has the given
 * permissions; made as admin through the API. Answers the user's key.
 */
export async function userWith(
  stratum: StratumProcess,
  email: string,
  permissions: Row[] = [],
  name: [string, string] = ['Lim', 'Ited'],
): Promise<string> {
  const role = await adminData(stratum, 'POST', '/roles', { name: `Role of ${email}` });
  const policy = await adminData(stratum, 'POST', '/policies', { name: `Policy of ${email}`, app_access: true, admin_access: false });
  await adminData(stratum, 'POST', '/access', { role: role.id, policy: policy.id });
  for (const permission of permissions) await adminData(stratum, 'POST', '/permissions', { policy: policy.id, ...permission });
  const user = await adminData(stratum, 'POST', '/users', {
    email,
    password: USER_PASSWORD,
    status: 'active',
    first_name: name[0],
    last_name: name[1],
    role: role.id,
  });
  return String(user.id);
}
