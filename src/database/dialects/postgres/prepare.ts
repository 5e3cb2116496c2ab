import type { Knex } from 'knex';
import { SET_UTC } from './knex-config.js';

/** Makes sure the session speaks UTC (every pooled connection also sets it in `afterCreate`). */
export async function prepare(knex: Knex): Promise<void> {
  await knex.raw(SET_UTC);
}
