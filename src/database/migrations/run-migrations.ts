import type { Knex } from 'knex';
import type { Dialect } from '../dialects/dialect.js';
import { MIGRATIONS } from './index.js';
import type { Migration } from './migration.types.js';

export const MIGRATIONS_TABLE = 'service_migrations';

/**
 * Applies the pending migrations in version order and returns their versions. Each runs in its own
 * transaction together with its `service_migrations` row where the dialect has transactional DDL
 * (SQLite, PostgreSQL); on MySQL a failed migration can leave part of its DDL behind.
 */
export async function runMigrations(knex: Knex, dialect: Dialect, migrations: readonly Migration[] = MIGRATIONS): Promise<string[]> {
  const applied: string[] = [];
  for (const migration of await pendingMigrations(knex, migrations)) {
    const apply = async (db: Knex): Promise<void> => {
      await migration.up(db, dialect);
      await db(MIGRATIONS_TABLE).insert({ version: migration.version, name: migration.name });
    };
    if (dialect.transactionalDdl) await knex.transaction(apply);
    else await apply(knex);
    applied.push(migration.version);
  }
  return applied;
}

/** The migrations not yet recorded in `service_migrations` (all of them on an empty database), oldest first. */
export async function pendingMigrations(knex: Knex, migrations: readonly Migration[] = MIGRATIONS): Promise<Migration[]> {
  const ordered = [...migrations].sort((a, b) => (a.version < b.version ? -1 : a.version > b.version ? 1 : 0));
  if (!(await knex.schema.hasTable(MIGRATIONS_TABLE))) return ordered;
  const done = new Set((await knex(MIGRATIONS_TABLE).select('version')).map((row: { version: string }) => row.version));
  return ordered.filter((migration) => !done.has(migration.version));
}
