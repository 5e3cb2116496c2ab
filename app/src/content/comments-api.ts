import { customEndpoint, readActivities } from '@directus/sdk';
import type { Client } from '../api/client.js';

export type ItemComment = { id: string; comment: string; timestamp: string; who: string };

type CommentRow = {
  id: number | string;
  comment: string | null;
  timestamp: string;
  user: { email: string | null; first_name: string | null; last_name: string | null } | null;
};

/** The comments on one item, oldest first (activity rows with the action `comment`). */
export async function readItemComments(client: Client, collection: string, item: string): Promise<ItemComment[]> {
  const rows = (await client.request(
    readActivities({
      filter: { _and: [{ action: { _eq: 'comment' } }, { collection: { _eq: collection } }, { item: { _eq: item } }] },
      fields: ['id', 'comment', 'timestamp', 'user.email', 'user.first_name', 'user.last_name'],
      sort: ['id'],
      limit: 100,
    } as never),
  )) as unknown as CommentRow[];
  return rows.map((row) => ({
    id: String(row.id),
    comment: row.comment ?? '',
    timestamp: row.timestamp,
    who: row.user ? [row.user.first_name, row.user.last_name].filter(Boolean).join(' ') || row.user.email || 'Someone' : 'Someone',
  }));
}

/** Adds a comment (`POST /activity/comment`: the SDK's comment commands use Directus 11's `/comments`). */
export async function addItemComment(client: Client, collection: string, item: string, comment: string): Promise<void> {
  await client.request(
    customEndpoint<unknown>({ path: '/activity/comment', method: 'POST', body: JSON.stringify({ collection, item, comment }) }),
  );
}
