import type { Knex } from 'knex';
import { SCHEMA_VERSION_TABLE } from '../../database/migrations/index.js';

/**
 * The schema version stored in the database (decision 0010), or null when the database has no version row
 * (not migrated yet): then nothing may be cached.
 */
export async function readSchemaVersion(db: Knex): Promise<number | null> {
  const row = (await db(SCHEMA_VERSION_TABLE).where({ id: 1 }).first('version')) as { version: unknown } | undefined;
  return row === undefined ? null : Number(row.version);
}

/**
 * Raises the stored schema version. Called with the transaction of a schema change, so the new version
 * commits (or rolls back) with the change and every process sees both at once.
 */
export async function bumpSchemaVersion(db: Knex): Promise<void> {
  await db(SCHEMA_VERSION_TABLE).where({ id: 1 }).increment('version', 1);
}
