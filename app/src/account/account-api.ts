import { customEndpoint, readMe, updateMe } from '@directus/sdk';
import type { Client } from '../api/client.js';
import { t } from '../i18n/t.js';

export type SessionRow = {
  id: string;
  date_created: string;
  last_used: string | null;
  expires: string;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
};

// The SDK has no commands for the sessions endpoints (beyond Directus): its request() with a path.
export async function readMySessions(client: Client): Promise<SessionRow[]> {
  return (await client.request(customEndpoint<SessionRow[]>({ path: '/users/me/sessions', method: 'GET' }))) ?? [];
}

export async function endMySession(client: Client, id: string): Promise<void> {
  await client.request(customEndpoint({ path: `/users/me/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }));
}

export async function endMyOtherSessions(client: Client): Promise<void> {
  await client.request(customEndpoint({ path: '/users/me/sessions', method: 'DELETE' }));
}

export async function changeMyPassword(client: Client, password: string): Promise<void> {
  await client.request(updateMe({ password }, { fields: ['id'] }));
}

/** The signed-in user's own record, with the given fields. */
export async function readMyProfile(client: Client, fields: string[]): Promise<Record<string, unknown>> {
  return (await client.request(readMe({ fields }))) as Record<string, unknown>;
}

/** Updates the signed-in user's own record (`PATCH /users/me`, under their policies). */
export async function updateMyProfile(client: Client, values: Record<string, unknown>): Promise<void> {
  await client.request(updateMe(values, { fields: ['id'] }));
}

/** A short description of a browser from its user agent ("Chrome on Linux"), or the raw text. */
export function describeUserAgent(agent: string | null): string {
  if (!agent) return t('Unknown');
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : null;
  const system = /Windows/.test(agent)
    ? 'Windows'
    : /Mac OS X/.test(agent)
      ? 'macOS'
      : /Android/.test(agent)
        ? 'Android'
        : /iPhone|iPad/.test(agent)
          ? 'iOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : null;
  if (browser && system) return t('{browser} on {system}', { browser, system });
  return browser ?? system ?? agent.slice(0, 60);
}
