import type { Knex } from 'knex';
import { SQLITE_PRAGMAS } from './knex-config.js';

/** Applies the pragmas once more through knex (each new connection also gets them in `afterCreate`). */
export async function prepare(knex: Knex): Promise<void> {
  for (const pragma of SQLITE_PRAGMAS) await knex.raw(`PRAGMA ${pragma}`);
}
