import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { createSystemTable } from './create-system-table.js';
import type { Migration } from './migration.types.js';

const BATCH = 500;

type ActivityComment = { id: number; user: string | null; timestamp: unknown; collection: string; item: string; comment: string | null };

/**
 * `service_comments` (Directus 11's `directus_comments`): a comment on one item, with its author and times. The
 * comments Directus 10 kept as activity rows (action `comment`) move into it, their author and time kept, and
 * leave the activity log (decision 0080).
 */
export const addComments: Migration = {
  version: '20261128O',
  name: 'add-comments',
  async up(knex, dialect) {
    await createSystemTable(knex, dialect, {
      name: 'service_comments',
      columns: [
        { name: 'id', type: 'uuid', primaryKey: true },
        { name: 'collection', type: 'string', maxLength: 64, nullable: false },
        { name: 'item', type: 'string', maxLength: 255, nullable: false },
        { name: 'comment', type: 'text', nullable: false },
        { name: 'date_created', type: 'timestamp', defaultNow: true },
        { name: 'date_updated', type: 'timestamp' },
        { name: 'user_created', type: 'uuid', references: { table: 'service_users', onDelete: 'SET NULL' } },
        { name: 'user_updated', type: 'uuid', references: { table: 'service_users', onDelete: 'SET NULL' } },
      ],
      indexes: [['collection', 'item'], ['user_created'], ['user_updated']],
    });
    await moveActivityComments(knex);
  },
};

/** Copies the activity rows with action `comment` into service_comments, a batch at a time, then deletes them. */
async function moveActivityComments(knex: Knex): Promise<void> {
  for (let after = 0; ;) {
    const rows = (await knex('service_activity')
      .select('id', 'user', 'timestamp', 'collection', 'item', 'comment')
      .where({ action: 'comment' })
      .andWhere('id', '>', after)
      .orderBy('id')
      .limit(BATCH)) as ActivityComment[];
    if (rows.length === 0) break;
    await knex('service_comments').insert(
      rows.map((row) => ({
        id: randomUUID(),
        collection: row.collection,
        item: row.item,
        comment: row.comment ?? '',
        date_created: row.timestamp,
        user_created: row.user,
      })),
    );
    after = rows[rows.length - 1]!.id;
  }
  await knex('service_activity').where({ action: 'comment' }).delete();
}
