import type { Knex } from 'knex';
import { executeUnheard } from './execute.js';

/**
 * `data_version` changes when another connection (this process's or another's) has committed to the file since
 * the last read on this one; `total_changes()` counts every row this connection has inserted, updated or deleted,
 * committed or not. Together they change whenever the data may have.
 */
const TOKEN = { sql: 'SELECT (SELECT data_version FROM pragma_data_version()) AS v, total_changes() AS c', bindings: [] };

/**
 * SQLite's data token (Dialect.dataToken), read now on the connection: a few microseconds, and no round trip.
 * Inside a transaction there is none: its changes are not committed, so a result read there is never reused.
 * It is no statement of the request's own, so knex's query listeners do not hear it.
 */
export async function dataToken(db: Knex): Promise<string | undefined> {
  if (db.isTransaction === true) return undefined;
  const [row] = await executeUnheard(db, TOKEN);
  return row === undefined ? undefined : `${String(row.v)}.${String(row.c)}`;
}
