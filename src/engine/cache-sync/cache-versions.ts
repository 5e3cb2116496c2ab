import type { Knex } from 'knex';
import { SCHEMA_VERSION_TABLE } from '../../database/migrations/index.js';

/**
 * The versions every instance compares before trusting what it cached (decision 0012), and where the dialect
 * has one, the data version read with them (Dialect.dataVersionSql, decision 0033).
 */
export type CacheVersions = { schema: number; access: number; sessions: number; data?: string };

/**
 * The stored versions, or null when the database has no version row (not migrated yet). One single-row query.
 * `compiled` keeps its SQL for `readDirect` (the cache sync passes one of its own: no module-level state).
 */
export async function readCacheVersions(
  db: Knex,
  readDirect?: ReadDirect,
  dataVersionSql?: string,
  compiled: CompiledVersionRead = new WeakMap(),
): Promise<CacheVersions | null> {
  const direct = readDirect ? directRead(db, readDirect, dataVersionSql, compiled) : undefined;
  const row = direct ? (await direct)[0] : ((await versionQuery(db, dataVersionSql)) as Record<string, unknown> | undefined);
  if (row === undefined) return null;
  const versions: CacheVersions = {
    schema: Number(row.version),
    access: Number(row.access_version ?? 0),
    sessions: Number(row.session_version ?? 0),
  };
  if (typeof row.data_version === 'string') versions.data = row.data_version;
  return versions;
}

function versionQuery(db: Knex, dataVersionSql: string | undefined) {
  const query = db(SCHEMA_VERSION_TABLE).where({ id: 1 });
  return dataVersionSql === undefined ? query.first() : query.first('*', db.raw(`${dataVersionSql} as data_version`));
}

/** A dialect's way of running a read without knex's runner (`Dialect.readDirect`). */
export type ReadDirect = (knex: Knex, sql: string, bindings: readonly unknown[]) => Promise<Record<string, unknown>[]> | undefined;

/** The version read's SQL, compiled once per knex instance. */
export type CompiledVersionRead = WeakMap<Knex, { sql: string; bindings: readonly unknown[] }>;

function directRead(
  db: Knex,
  readDirect: ReadDirect,
  dataVersionSql: string | undefined,
  compiled: CompiledVersionRead,
): Promise<Record<string, unknown>[]> | undefined {
  let native = compiled.get(db);
  if (!native) {
    native = versionQuery(db, dataVersionSql).toSQL().toNative();
    compiled.set(db, native);
  }
  return readDirect(db, native.sql, native.bindings);
}

/** Whether the database has every version (false before the migrations ran; the session version came last). */
export async function hasCacheVersions(db: Knex): Promise<boolean> {
  return db.schema.hasColumn(SCHEMA_VERSION_TABLE, 'session_version');
}

/**
 * Raises the access version (and the schema version with `schema`, the session version with `sessions`). Called
 * with the writing transaction, so the raise commits or rolls back with the change it announces.
 */
export async function bumpCacheVersions(db: Knex, which: { schema: boolean; access: boolean; sessions?: boolean }): Promise<void> {
  const columns: Record<string, number> = {};
  if (which.schema) columns.version = 1;
  if (which.access) columns.access_version = 1;
  if (which.sessions) columns.session_version = 1;
  if (Object.keys(columns).length === 0) return;
  await db(SCHEMA_VERSION_TABLE).where({ id: 1 }).increment(columns);
}
