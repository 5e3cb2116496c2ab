import type { Client } from '../api/client.js';
import { readMyGlobals } from '../api/shared-reads.js';

/** Whether the signed-in user's policies give admin access (`GET /policies/me/globals`). */
export async function isAdministrator(client: Client): Promise<boolean> {
  return (await readMyGlobals(client)).admin_access === true;
}
