import type { Knex } from 'knex';

/**
 * Runs independent reads at once over the pool, or one after the other inside a transaction (one connection:
 * the driver would queue them anyway, and pg deprecates overlapping queries on one client).
 */
export async function sideBySide<T extends readonly unknown[]>(knex: Knex, reads: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if (!knex.isTransaction) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
