import type { Knex } from 'knex';

/** How long an instance waits for another one's start-up work (seconds). */
const WAIT_SECONDS = 300;

/**
 * Holds `GET_LOCK(name)` on a connection of its own (pinned by a transaction) while `work` runs on the pool's
 * other connections; the server releases it when that connection ends, also when this process dies.
 */
export async function withServerLock<T>(knex: Knex, name: string, work: () => Promise<T>): Promise<T> {
  return knex.transaction(async (trx) => {
    const [rows] = (await trx.raw('SELECT GET_LOCK(?, ?) AS got', [name, WAIT_SECONDS])) as [{ got: number | null }[]];
    if (Number(rows[0]?.got) !== 1) throw new Error(`Could not take the database lock "${name}" within ${WAIT_SECONDS} s`);
    try {
      return await work();
    } finally {
      await trx.raw('SELECT RELEASE_LOCK(?)', [name]);
    }
  });
}
