import type { Knex } from 'knex';
import type { WriteCount } from './data-token.js';
import { SET_UTC } from './knex-config.js';

/**
 * Makes sure the session speaks UTC (every pooled connection also sets it in `afterCreate`), and starts the
 * write count of the data token on this knex instance.
 */
export function createPrepare(writes: WriteCount) {
  return async (knex: Knex): Promise<void> => {
    writes.listen(knex);
    await knex.raw(SET_UTC);
  };
}
