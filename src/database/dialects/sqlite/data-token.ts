import type { Knex } from 'knex';

type RawConnection = { prepare(sql: string): { all(bindings: unknown[]): unknown[] } };
type PoolClient = { acquireConnection(): Promise<RawConnection>; releaseConnection(connection: RawConnection): Promise<unknown> };

/**
 * `data_version` changes when another connection (this process's or another's) has committed to the file since
 * the last read on this one; `total_changes()` counts every row this connection has inserted, updated or deleted,
 * committed or not. Together they change whenever the data may have.
 */
const TOKEN_SQL = 'SELECT (SELECT data_version FROM pragma_data_version()) AS v, total_changes() AS c';

/**
 * SQLite's data token (Dialect.dataToken), read now on the pooled connection: a few microseconds, and no round
 * trip. Outside transactions only: a transaction holds the only connection, and its changes are not committed.
 */
export async function dataToken(knex: Knex): Promise<string | undefined> {
  if (knex.isTransaction) return undefined;
  const client = knex.client as PoolClient;
  const connection = await client.acquireConnection();
  try {
    const [row] = connection.prepare(TOKEN_SQL).all([]) as { v: number; c: number }[];
    return row === undefined ? undefined : `${row.v}.${row.c}`;
  } finally {
    await client.releaseConnection(connection);
  }
}
