/**
 * The cache versions (decision 0012): stored in the database and compared by every instance before a request,
 * so a change committed anywhere empties the caches derived from what changed. A cache names the versions that
 * empty it. (A schema change, or CACHE_SYSTEM_TTL running out, makes the cache sync announce all three.)
 */
export type CacheVersionName = 'schema' | 'access' | 'sessions';

export const CACHE_VERSION_NAMES: readonly CacheVersionName[] = ['schema', 'access', 'sessions'];

export type LruOptions = {
  /** Most entries kept; the least recently used one goes first. Every cache has a bound. */
  max: number;
  /**
   * Most total size of the entries (each `set` names its entry's size, in the cache's own unit), besides `max`:
   * the least recently used ones go until the new one fits; an entry larger than this is not stored.
   */
  maxSize?: number;
  /** Milliseconds an entry stays usable (optional). */
  ttl?: number;
  /** Milliseconds for `ttl` (tests pass their own; default performance.now). */
  clock?: () => number;
  /** The cache versions whose change empties this cache (decision 0050). None: only its bound and ttl. */
  invalidatedBy?: readonly CacheVersionName[];
};

/** One cache of the registry: a bounded map that counts its hits, misses, evictions and invalidations. */
export type RegisteredCache<K, V> = {
  readonly name: string;
  /** The value, or undefined (a miss); counts a hit or a miss. */
  get(key: K): V | undefined;
  /** Whether a usable value is there, without counting or refreshing it. */
  has(key: K): boolean;
  /** The value without counting or refreshing it (is it still the one I stored?). */
  peek(key: K): V | undefined;
  /** Stores the value; `size` is required by a cache with `maxSize` (and ignored by one without). */
  set(key: K, value: V, size?: number): void;
  delete(key: K): boolean;
  clear(): void;
  readonly size: number;
};

/** What `list()` tells about one cache (GET /server/caches). */
export type CacheStats = {
  name: string;
  size: number;
  max: number;
  /** The total size held and its bound, for a cache with `maxSize`; null otherwise. */
  calculatedSize: number | null;
  maxSize: number | null;
  ttl: number | null;
  invalidatedBy: CacheVersionName[];
  hits: number;
  misses: number;
  /** Entries pushed out by the bound (not expiries, deletes or clears). */
  evictions: number;
  /** Times a cache version emptied it. */
  invalidations: number;
};

/**
 * The one owner of an app instance's caches (decision 0050): created in createApp, reachable as
 * `Context.caches`. No module-level state: two apps in one process share nothing.
 */
export type CacheRegistry = {
  /** A new bounded cache under a unique name (a second cache of the same name is a programming error). */
  lru<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(name: string, options: LruOptions): RegisteredCache<K, V>;
  /** Every cache with its bound and counters, by name. */
  list(): CacheStats[];
  /** Empties every cache bound to `version`. Called by the cache sync when the stored version moved. */
  invalidate(version: CacheVersionName): void;
  /** Empties every cache (counters stay). */
  clear(): void;
};
