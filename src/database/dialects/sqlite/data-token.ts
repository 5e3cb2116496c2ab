import type { Knex } from 'knex';
import { run, type PoolClient } from './read-direct.js';

/**
 * `data_version` changes when another connection (this process's or another's) has committed to the file since
 * the last read on this one; `total_changes()` counts every row this connection has inserted, updated or deleted,
 * committed or not. Together they change whenever the data may have.
 */
const TOKEN_SQL = 'SELECT (SELECT data_version FROM pragma_data_version()) AS v, total_changes() AS c';

/**
 * SQLite's data token (Dialect.dataToken), read now on the pooled connection: a few microseconds, and no round
 * trip. Outside transactions only: a transaction holds the only connection, and its changes are not committed.
 * It is no statement of the request's own, so knex's query listeners do not hear it.
 */
export async function dataToken(knex: Knex): Promise<string | undefined> {
  if (knex.isTransaction) return undefined;
  const [row] = await run(knex.client as PoolClient, TOKEN_SQL, []);
  return row === undefined ? undefined : `${String(row.v)}.${String(row.c)}`;
}
