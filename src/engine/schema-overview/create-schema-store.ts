import type { Knex } from 'knex';
import type { Dialect } from '../../database/dialects/dialect.js';
import { buildSchemaOverview } from './build-schema-overview.js';
import type { SchemaOverview } from './schema-overview.types.js';

export type SchemaStore = {
  /** The current overview, built once and kept in memory until invalidated. */
  get(): Promise<SchemaOverview>;
  /** Rebuild on next use; called after every schema change commits. */
  invalidate(): void;
};

export function createSchemaStore(knex: Knex, dialect: Dialect): SchemaStore {
  let current: Promise<SchemaOverview> | null = null;
  return {
    get() {
      current ??= buildSchemaOverview(knex, dialect).then(
        (schema) => Object.freeze(schema),
        (error: unknown) => {
          current = null;
          throw error;
        },
      );
      return current;
    },
    invalidate() {
      current = null;
    },
  };
}
