import type { Knex } from 'knex';
import type { Dialect } from '../../database/dialects/dialect.js';
import type { ShareScope } from '../../kernel/context/index.js';

type ShareRow = {
  id: string;
  collection: string;
  item: string;
  role: string | null;
  user_created: string | null;
  date_start: unknown;
  date_end: unknown;
};

const timeOf = (dialect: Dialect, value: unknown): number | null =>
  value === null || value === undefined ? null : new Date(String(dialect.fromDatabase('timestamp', value))).getTime();

/**
 * What a share opens while `now` is inside its dates (`date_start`, `date_end`, each optional); null when the
 * share is gone or outside them. Read at every request of a share session: a share deleted, or whose dates are
 * changed to exclude now, stops its sessions at once.
 */
export async function readShareScope(db: Knex, dialect: Dialect, shareId: string, now: number): Promise<ShareScope | null> {
  const row = (await db('service_shares')
    .select('id', 'collection', 'item', 'role', 'user_created', 'date_start', 'date_end')
    .where({ id: shareId })
    .first()) as ShareRow | undefined;
  if (!row) return null;
  const start = timeOf(dialect, row.date_start);
  const end = timeOf(dialect, row.date_end);
  if ((start !== null && start > now) || (end !== null && end < now)) return null;
  return { id: String(row.id), collection: row.collection, item: String(row.item), role: row.role, creator: row.user_created };
}
