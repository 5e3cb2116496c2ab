import type { Knex } from 'knex';
import type { CacheRegistry } from '../../kernel/caches/index.js';
import {
  bumpCacheVersions,
  hasCacheVersions,
  readCacheVersions,
  type CacheVersions,
  type CompiledVersionRead,
  type ReadDirect,
} from './cache-versions.js';

export type CacheSync = {
  /**
   * Makes this process's caches current before a request uses them: reads the stored versions and drops what a
   * change committed anywhere (this or another instance) has made stale. Requests that arrive in the same turn
   * of the event loop share one read, which is always sent after they arrived, so a change committed before
   * a request arrived is always seen by it. One read is in flight at a time: requests that arrive while one is
   * share the next, sent when it has answered (decision 0187).
   */
  check(): Promise<void>;
  /** Records a change of access control in `db` (the writing transaction): the access version, once per transaction. */
  recordAccessChange(db: Knex): Promise<void>;
  /** Records that sign-ins ended in `db` (the ending transaction): the session version, once per transaction (decision 0042). */
  recordSessionChange(db: Knex): Promise<void>;
  /**
   * Raises the access version (with `system`, the schema version too), so every instance drops those caches
   * on its next request, and drops them here at once. `POST /utils/cache/clear`, `stratum cache clear`.
   */
  clear(options: { system: boolean }): Promise<void>;
  /**
   * The data version of the latest read applied (Dialect.dataVersionSql), or undefined. After `check()` has
   * resolved it was read after the request arrived.
   */
  dataVersion(): string | undefined;
};

export type CacheSyncDeps = {
  knex: Knex;
  /** The dialect's read without knex's runner (SQLite), for the version read every request makes. */
  readDirect?: ReadDirect;
  /** The dialect's data version, read with the versions (Dialect.dataVersionSql). */
  dataVersionSql?: string;
  /** Drops everything derived from the schema (overview, snapshot, GraphQL schemas). */
  onSchemaChange: () => void;
  /** Drops everything derived from access control (roles, policies, permissions, user rows). */
  onAccessChange: () => void;
  /** Drops what is known about live sign-ins (a sign-in ended somewhere); also on a schema change and on expiry. */
  onSessionChange?: () => void;
  /**
   * The caches reached `maxAge` with no version change: read everything again, keeping what turns out the same
   * (so that, say, GraphQL schemas built from an unchanged schema survive).
   */
  onExpiry: () => void;
  /**
   * Longest time (ms) caches are kept without a version change, so that a change made in the database by hand
   * is seen within it; 0 keeps them until a version changes.
   */
  maxAge: number;
  /** Monotonic milliseconds (tests pass their own). */
  clock?: () => number;
  /**
   * The app's cache registry (decision 0050): each of its caches is emptied when a version it is bound to moves
   * (a schema change or expiry: every version), before the callbacks above run.
   */
  caches?: CacheRegistry;
};

/** Cross-instance cache correctness by versions stored in the database (decision 0012). */
export function createCacheSync(deps: CacheSyncDeps): CacheSync {
  const { knex } = deps;
  const clock = deps.clock ?? (() => performance.now());
  const recorded = new WeakSet<Knex>();
  const recordedSessions = new WeakSet<Knex>();
  /** The version read's SQL for `readDirect`, compiled once. */
  const compiled: CompiledVersionRead = new WeakMap();
  /** Versions the caches were last made current with; null until the first read. */
  let known: CacheVersions | null = null;
  let lastDrop = clock();
  /** Sequence of the last read sent, and of the last read whose answer was applied. */
  let sent = 0;
  let applied = 0;
  /** A read not sent yet: requests arriving now join it. */
  let queued: Promise<void> | null = null;
  /** The read sent and not answered yet, if any: the queued one is sent after it (decision 0187). */
  let inFlight: Promise<void> | null = null;
  /** Only a positive answer is kept: a database migrated later is noticed. */
  let versioned: Promise<boolean> | null = null;

  /** Asked through `db` (a writing transaction holds SQLite's only connection). */
  const hasVersions = (db: Knex): Promise<boolean> => {
    if (versioned) return versioned;
    const checking = hasCacheVersions(db);
    versioned = checking;
    checking.then(
      (yes) => {
        if (!yes && versioned === checking) versioned = null;
      },
      () => {
        if (versioned === checking) versioned = null;
      },
    );
    return checking;
  };

  const dropAll = () => {
    deps.caches?.invalidate('schema');
    deps.caches?.invalidate('access');
    deps.caches?.invalidate('sessions');
    deps.onSchemaChange();
    deps.onAccessChange();
    deps.onSessionChange?.();
    lastDrop = clock();
  };

  const apply = (seq: number, versions: CacheVersions | null) => {
    // An answer older than one already applied (reads can overtake each other on a pool) changes nothing.
    if (seq < applied) return;
    applied = seq;
    if (versions === null) return;
    if (known === null || versions.schema !== known.schema) dropAll();
    else {
      if (versions.sessions !== known.sessions) {
        deps.caches?.invalidate('sessions');
        deps.onSessionChange?.();
      }
      if (versions.access !== known.access) {
        deps.caches?.invalidate('access');
        deps.onAccessChange();
      } else if (deps.maxAge > 0 && clock() - lastDrop >= deps.maxAge) {
        deps.caches?.invalidate('schema');
        deps.caches?.invalidate('access');
        deps.caches?.invalidate('sessions');
        deps.onExpiry();
        deps.onSessionChange?.();
        lastDrop = clock();
      }
    }
    known = versions;
  };

  const read = async (): Promise<void> => {
    const seq = ++sent;
    const versions = (await hasVersions(knex)) ? await readCacheVersions(knex, deps.readDirect, deps.dataVersionSql, compiled) : null;
    apply(seq, versions);
  };

  return {
    check() {
      queued ??= new Promise<void>((resolve, reject) => {
        const send = () => {
          queued = null;
          const reading = read();
          inFlight = reading;
          const settled = () => {
            if (inFlight === reading) inFlight = null;
          };
          reading.then(settled, settled);
          reading.then(resolve, reject);
        };
        // After the turn in which the first of its requests arrived, and after the read in flight answered:
        // either way it is sent after every request that joins it arrived.
        const sendNextTurn = () => setImmediate(send);
        if (inFlight) inFlight.then(sendNextTurn, sendNextTurn);
        else sendNextTurn();
      });
      return queued;
    },
    async recordAccessChange(db) {
      if (db.isTransaction) {
        if (recorded.has(db)) return;
        recorded.add(db);
      }
      if (await hasVersions(db)) await bumpCacheVersions(db, { schema: false, access: true });
    },
    async recordSessionChange(db) {
      if (db.isTransaction) {
        if (recordedSessions.has(db)) return;
        recordedSessions.add(db);
      }
      if (await hasVersions(db)) await bumpCacheVersions(db, { schema: false, access: false, sessions: true });
    },
    dataVersion: () => known?.data,
    async clear({ system }) {
      if (await hasVersions(knex)) await bumpCacheVersions(knex, { schema: system, access: true });
      if (system) dropAll();
      else {
        deps.caches?.invalidate('access');
        deps.onAccessChange();
      }
    },
  };
}
