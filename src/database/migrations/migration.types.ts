import type { Knex } from 'knex';
import type { Dialect } from '../dialects/dialect.js';

/**
 * A forward-only schema change. `version` orders migrations (`20261122A`: date plus a letter) and is what
 * `service_migrations` records. `up` receives a transaction where the dialect's DDL is transactional.
 */
export type Migration = {
  version: string;
  name: string;
  up(knex: Knex, dialect: Dialect): Promise<void>;
};
