import { readNotifications, updateNotifications } from '@directus/sdk';
import type { Client } from '../api/client.js';

export type NotificationStatus = 'inbox' | 'archived';

export type NotificationRow = {
  id: number;
  timestamp: string | null;
  status: NotificationStatus;
  subject: string;
  message: string | null;
  collection: string | null;
  item: string | null;
};

const MINE = { recipient: { _eq: '$CURRENT_USER' } };

/** The signed-in user's notifications with a status, newest first. */
export async function readMyNotifications(client: Client, status: NotificationStatus, limit = 100): Promise<NotificationRow[]> {
  return (await client.request(
    readNotifications({
      filter: { _and: [MINE, { status: { _eq: status } }] },
      fields: ['id', 'timestamp', 'status', 'subject', 'message', 'collection', 'item'],
      sort: ['-timestamp', '-id'],
      limit,
    }),
  )) as NotificationRow[];
}

/** How many notifications the signed-in user has in their inbox. */
export async function countUnread(client: Client): Promise<number> {
  const rows = (await client.request(
    readNotifications({ filter: { _and: [MINE, { status: { _eq: 'inbox' } }] }, aggregate: { count: '*' } }),
  )) as unknown as { count: number | string }[];
  return Number(rows[0]?.count ?? 0);
}

/** Moves notifications to the archive (or back to the inbox). */
export async function setNotificationStatus(client: Client, ids: number[], status: NotificationStatus): Promise<void> {
  if (ids.length > 0) await client.request(updateNotifications(ids as unknown as string[], { status }, { fields: ['id'] }));
}

/**
 * Where a notification leads in the app: its item's page for a content item, the file's download for a file
 * (an export), none otherwise.
 */
export function notificationTarget(row: Pick<NotificationRow, 'collection' | 'item'>): { href: string; external: boolean } | null {
  if (!row.collection || !row.item) return null;
  if (row.collection === 'service_files' || row.collection === 'directus_files')
    return { href: `/assets/${encodeURIComponent(row.item)}?download`, external: true };
  if (row.collection.startsWith('service_') || row.collection.startsWith('directus_')) return null;
  return { href: `/content/${encodeURIComponent(row.collection)}/${encodeURIComponent(row.item)}`, external: false };
}

/** The realtime subscription that tells the inbox and its count to read again. */
export const NOTIFICATIONS_SUBSCRIPTION = { collection: 'service_notifications', query: { fields: ['id'], limit: 1 } };
