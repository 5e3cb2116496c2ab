import type { Knex } from 'knex';

/**
 * The SQL statements `work` sends through `knex`, but the cache versions' read every request makes (its SQL names
 * `schema_version`): what a request costs in statements, for tests that count them.
 */
export async function statementsOf(knex: Knex, work: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const listener = (q: { sql: string }) => {
    if (!q.sql.includes('schema_version')) statements.push(q.sql);
  };
  knex.on('query', listener);
  try {
    await work();
  } finally {
    knex.off('query', listener);
  }
  return statements;
}
