import { isDeepStrictEqual } from 'node:util';
import type { Knex } from 'knex';
import { SCHEMA_VERSION_TABLE } from '../../database/migrations/index.js';
import type { Dialect } from '../../database/dialects/dialect.js';
import { createCacheRegistry, type CacheRegistry } from '../../kernel/caches/index.js';
import { buildSchemaOverview } from './build-schema-overview.js';
import type { SchemaOverview } from './schema-overview.types.js';
import { bumpSchemaVersion, readSchemaVersion } from './schema-version.js';

export type SchemaStore = {
  /** The current overview, built once and kept in memory until invalidated. */
  get(): Promise<SchemaOverview>;
  /** Rebuild on next use; called after every schema change commits (and after a failed one). */
  invalidate(): void;
  /**
   * Read the schema again (CACHE_SYSTEM_TTL: changes made by hand), but keep the current overview object when
   * nothing changed, so that what is cached per overview (GraphQL schemas) survives. Drops the cached values.
   * Starts the read and returns at once; when the read fails, get() calls waiting for it answer its error and
   * the next get() reads again.
   */
  revalidate(): void;
  /**
   * Records a schema change in the database: raises the stored schema version, inside `db` when it is the
   * change's transaction. Every schema change calls it, so that other processes drop what they cached.
   */
  recordChange(db: Knex): Promise<void>;
  /**
   * A value derived from the schema (e.g. the snapshot), built by `build` and kept while the schema version
   * stored in the database is the one read before it was built and this process made no change since.
   * Costs one single-row query per call. Only for reads outside a transaction (`build` must read through the
   * pool): what a transaction sees may never commit.
   */
  cached<T>(key: string, build: () => Promise<T>): Promise<T>;
};

type Entry = { version: number; generation: number; value: Promise<unknown> };

/** Most values derived from the schema kept at once (`cached`: the snapshot, decision 0010). */
const MAX_DERIVED = 32;

/**
 * The schema overview (one value, built at the first need and again after a change) and the values derived from
 * it, in the app's registry when given (decision 0050; alone, a registry of its own): emptied by the schema version.
 */
export function createSchemaStore(knex: Knex, dialect: Dialect, caches: CacheRegistry = createCacheRegistry()): SchemaStore {
  let current: Promise<SchemaOverview> | null = null;
  /** Raised by every local invalidation: entries built before it are not used again. */
  let generation = 0;
  const entries = caches.lru<string, Entry>('schema.derived', { max: MAX_DERIVED, invalidatedBy: ['schema'] });
  /** Transactions that raised the version already. */
  const recorded = new WeakSet<Knex>();
  /** Whether the database has the version table (false before the migrations ran); checked once. */
  let versioned: Promise<boolean> | null = null;
  const hasVersion = (db: Knex) => {
    if (versioned === null) {
      // A knex builder runs its query each time it is awaited: made a promise, it runs once.
      const checking = Promise.resolve(db.schema.hasTable(SCHEMA_VERSION_TABLE));
      versioned = checking;
      checking.catch(() => {
        if (versioned === checking) versioned = null;
      });
    }
    return versioned;
  };

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
      generation++;
      entries.clear();
      versioned = null;
    },
    revalidate() {
      const previous = current;
      generation++;
      entries.clear();
      versioned = null;
      if (previous === null) return;
      const rebuilt: Promise<SchemaOverview> = buildSchemaOverview(knex, dialect).then(
        async (schema) => {
          const before = await previous.catch(() => null);
          return before !== null && isDeepStrictEqual(before, schema) ? before : Object.freeze(schema);
        },
        (error: unknown) => {
          if (current === rebuilt) current = null;
          throw error;
        },
      );
      // Nobody may ask for the overview before this read fails (the request that started it can be refused
      // first, say by a connection killed under it): a rejection left unhandled would end the process. Whoever
      // does ask still gets the error.
      rebuilt.catch(() => undefined);
      current = rebuilt;
    },
    async recordChange(db) {
      // Once per transaction is enough (the row stays locked until it ends); the pool is asked every time.
      if (db.isTransaction) {
        if (recorded.has(db)) return;
        recorded.add(db);
      }
      if (await hasVersion(db)) await bumpSchemaVersion(db);
    },
    async cached<T>(key: string, build: () => Promise<T>): Promise<T> {
      // The version is read before anything is built: a change committed meanwhile raises it past this one.
      const since = generation;
      const version = (await hasVersion(knex)) ? await readSchemaVersion(knex) : null;
      if (version === null) return build();
      const found = entries.get(key);
      if (found && found.version === version && found.generation === since) return found.value as Promise<T>;
      const entry: Entry = { version, generation: since, value: build() };
      if (since !== generation) return entry.value as Promise<T>;
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.peek(key) === entry) entries.delete(key);
      });
      return entry.value as Promise<T>;
    },
  };
}
