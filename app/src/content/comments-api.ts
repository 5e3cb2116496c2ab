import { createComment, readComments } from '@directus/sdk';
import type { Client } from '../api/client.js';
import { t } from '../i18n/t.js';

export type ItemComment = { id: string; comment: string; timestamp: string; who: string };

type CommentRow = {
  id: string;
  comment: string | null;
  date_created: string;
  user_created: { email: string | null; first_name: string | null; last_name: string | null } | null;
};

/** The comments on one item, oldest first (Directus 11's `/comments`). */
export async function readItemComments(client: Client, collection: string, item: string): Promise<ItemComment[]> {
  const rows = (await client.request(
    readComments({
      filter: { _and: [{ collection: { _eq: collection } }, { item: { _eq: item } }] },
      fields: ['id', 'comment', 'date_created', 'user_created.email', 'user_created.first_name', 'user_created.last_name'],
      sort: ['date_created'],
      limit: 100,
    } as never),
  )) as unknown as CommentRow[];
  return rows.map((row) => ({
    id: row.id,
    comment: row.comment ?? '',
    timestamp: row.date_created,
    who: row.user_created
      ? [row.user_created.first_name, row.user_created.last_name].filter(Boolean).join(' ') || row.user_created.email || t('Someone')
      : t('Someone'),
  }));
}

/** Adds a comment (`POST /comments`). */
export async function addItemComment(client: Client, collection: string, item: string, comment: string): Promise<void> {
  await client.request(createComment({ collection, item, comment }));
}
