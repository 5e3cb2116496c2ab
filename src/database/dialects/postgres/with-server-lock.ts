import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/** The 64-bit advisory lock key of a name (the first 8 bytes of its SHA-256, signed). */
export function advisoryKey(name: string): string {
  return createHash('sha256').update(name).digest().readBigInt64BE(0).toString();
}

/**
 * Holds a transaction-level advisory lock on a connection of its own while `work` runs on the pool's other
 * connections; the lock ends with that transaction, also when this process dies.
 */
export async function withServerLock<T>(knex: Knex, name: string, work: () => Promise<T>): Promise<T> {
  return knex.transaction(async (trx) => {
    await trx.raw('SELECT pg_advisory_xact_lock(?::bigint)', [advisoryKey(name)]);
    return work();
  });
}
