import { createShare, deleteShare, inviteShare, readShares } from '@directus/sdk';
import type { Client } from '../api/client.js';

export type ItemShare = {
  id: string;
  name: string | null;
  hasPassword: boolean;
  date_start: string | null;
  date_end: string | null;
  times_used: number;
  max_uses: number | null;
};

export type NewShare = { name: string; password: string; date_start: string; date_end: string; max_uses: string };

type ShareRow = Omit<ItemShare, 'hasPassword'> & { password: string | null };

/** The shares of one item the user may see (their own, or every one for an administrator), newest first. */
export async function readItemShares(client: Client, collection: string, item: string): Promise<ItemShare[]> {
  const rows = (await client.request(
    readShares({
      filter: { _and: [{ collection: { _eq: collection } }, { item: { _eq: item } }] },
      fields: ['id', 'name', 'password', 'date_start', 'date_end', 'times_used', 'max_uses'],
      sort: ['-date_created'],
      limit: 100,
    } as never),
  )) as unknown as ShareRow[];
  return rows.map(({ password, ...row }) => ({ ...row, hasPassword: password !== null && password !== '' }));
}

/** The payload of a new share from the dialog's texts: empty texts are left out, dates become ISO times. */
export function sharePayload(collection: string, item: string, input: NewShare): Record<string, unknown> {
  const payload: Record<string, unknown> = { collection, item };
  if (input.name.trim() !== '') payload.name = input.name.trim();
  if (input.password !== '') payload.password = input.password;
  if (input.date_start !== '') payload.date_start = new Date(input.date_start).toISOString();
  if (input.date_end !== '') payload.date_end = new Date(input.date_end).toISOString();
  if (input.max_uses.trim() !== '') payload.max_uses = Number(input.max_uses);
  return payload;
}

export async function addItemShare(client: Client, collection: string, item: string, input: NewShare): Promise<void> {
  await client.request(createShare(sharePayload(collection, item, input) as never));
}

export async function removeShare(client: Client, id: string): Promise<void> {
  await client.request(deleteShare(id));
}

export async function inviteToShare(client: Client, id: string, emails: string[]): Promise<void> {
  await client.request(inviteShare(id, emails));
}

/** The addresses in a comma-, semicolon- or space-separated text. */
export function emailsOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter((e) => e !== '');
}

/** The public page of a share (`/admin/shared/<id>`). */
export function shareLink(id: string, origin: string = window.location.origin): string {
  return `${origin}/admin/shared/${encodeURIComponent(id)}`;
}
