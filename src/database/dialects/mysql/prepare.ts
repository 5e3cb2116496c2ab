import type { Knex } from 'knex';
import { SESSION_SETUP } from './knex-config.js';

/** Applies the session settings once more through knex (every pooled connection gets them in `afterCreate`). */
export async function prepare(knex: Knex): Promise<void> {
  for (const statement of SESSION_SETUP) await knex.raw(statement);
}
