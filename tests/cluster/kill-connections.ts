import type { Knex } from 'knex';
import type { TestVendor } from '../setup/test-database.js';

/**
 * Closes every connection other clients hold to `database`, as a database restart or an operator would:
 * `pg_terminate_backend` on PostgreSQL, `KILL` on MariaDB/MySQL. `sql` is a connection of the caller's own to
 * that database (spared). Answers how many connections were closed.
 */
export async function killConnections(sql: Knex, vendor: TestVendor, database: string): Promise<number> {
  if (vendor === 'postgres') {
    const result = await sql.raw(
      'SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE datname = ? AND pid <> pg_backend_pid()',
      [database],
    );
    return (result as { rows: unknown[] }).rows.length;
  }
  if (vendor === 'mysql') {
    const [rows] = (await sql.raw('SELECT id FROM information_schema.processlist WHERE db = ? AND id <> CONNECTION_ID()', [database])) as [
      { id: number }[],
    ];
    for (const row of rows) await sql.raw(`KILL ${Number(row.id)}`).catch(() => undefined);
    return rows.length;
  }
  throw new Error('SQLite is a file in the process that opened it: it has no connection another process can close');
}
