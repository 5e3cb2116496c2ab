import { readPolicyGlobals } from '@directus/sdk';
import type { Client } from '../api/client.js';

/** Whether the signed-in user's policies give admin access (`GET /policies/me/globals`). */
export async function isAdministrator(client: Client): Promise<boolean> {
  return ((await client.request(readPolicyGlobals())) as { admin_access?: boolean }).admin_access === true;
}
