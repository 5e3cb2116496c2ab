import type { Knex } from 'knex';

type RawStatement = { reader: boolean; all(bindings: unknown[]): unknown[] };
type RawConnection = { prepare(sql: string): RawStatement };
export type PoolClient = { acquireConnection(): Promise<RawConnection>; releaseConnection(connection: RawConnection): Promise<unknown> };

/**
 * A read on SQLite's pooled connection without knex's runner (query events, uids, response processing): the
 * statement comes from the per-connection cache (knex-config.ts), bindings are formatted the way knex's
 * better-sqlite3 client formats them. Inside a transaction (which holds the only connection) it declines.
 */
export function readDirect(knex: Knex, sql: string, bindings: readonly unknown[]): Promise<Record<string, unknown>[]> | undefined {
  if (knex.isTransaction) return undefined;
  // Who listens to knex's queries (tests counting them, a debug log) still hears this one.
  if (knex.listenerCount('query') > 0) knex.emit('query', { sql, bindings, method: 'select' });
  return run(knex.client as PoolClient, sql, bindings);
}

/** Runs a read on the pooled connection (waiting while a transaction holds it), without telling knex's listeners. */
export async function run(client: PoolClient, sql: string, bindings: readonly unknown[]): Promise<Record<string, unknown>[]> {
  const connection = await client.acquireConnection();
  try {
    const statement = connection.prepare(sql);
    if (!statement.reader) throw new Error('readDirect runs reads only');
    return statement.all(bindings.map(formatBinding)) as Record<string, unknown>[];
  } finally {
    await client.releaseConnection(connection);
  }
}

function formatBinding(binding: unknown): unknown {
  if (binding instanceof Date) return binding.valueOf();
  if (typeof binding === 'boolean') return Number(binding);
  return binding;
}
