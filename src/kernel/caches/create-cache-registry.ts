import { LRUCache } from 'lru-cache';
import type { CacheRegistry, CacheStats, CacheVersionName, LruOptions, RegisteredCache } from './cache-registry.types.js';

/**
 * lru-cache allocates its slots for `max` entries up front (two arrays of `max` values and two of `max` integers):
 * about 24 bytes an entry before anything is stored, 2.4 MB for a bound of 100,000. A cache with a bound above this
 * counts its entries as sizes instead (`maxSize`, one each), so its memory grows with what it holds (decision 0124).
 */
export const PREALLOCATED_MAX = 1_000;

type Entry = { stats: () => CacheStats; clear: () => void; invalidate: (version: CacheVersionName) => void };

/** A new, empty registry: one per app instance (decision 0050). */
export function createCacheRegistry(): CacheRegistry {
  const entries = new Map<string, Entry>();

  return {
    lru<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(name: string, options: LruOptions): RegisteredCache<K, V> {
      if (entries.has(name)) throw new Error(`A cache named ${name} is already registered`);
      if (!Number.isInteger(options.max) || options.max < 1) throw new Error(`The cache ${name} needs a bound (max ≥ 1)`);
      const counts = { hits: 0, misses: 0, evictions: 0, invalidations: 0 };
      const clock = options.clock;
      const { maxSize } = options;
      if (maxSize !== undefined && (!Number.isInteger(maxSize) || maxSize < 1)) throw new Error(`The cache ${name} needs maxSize ≥ 1`);
      const counted = maxSize === undefined && options.max > PREALLOCATED_MAX;
      const lru = new LRUCache<K, V>({
        ...(counted ? { maxSize: options.max, sizeCalculation: () => 1 } : { max: options.max }),
        ...(maxSize === undefined ? {} : { maxSize, maxEntrySize: maxSize }),
        ...(options.ttl === undefined ? {} : { ttl: options.ttl, ttlResolution: 0 }),
        ...(clock ? { perf: { now: clock } } : {}),
        disposeAfter: (_value, _key, reason) => {
          if (reason === 'evict') counts.evictions++;
        },
      });
      const versions = new Set(options.invalidatedBy ?? []);
      const cache: RegisteredCache<K, V> = {
        name,
        get(key) {
          const value = lru.get(key);
          if (value === undefined) counts.misses++;
          else counts.hits++;
          return value;
        },
        has: (key) => lru.has(key),
        peek: (key) => lru.peek(key),
        set(key, value, size) {
          if (maxSize === undefined) {
            lru.set(key, value);
            return;
          }
          if (size === undefined || !Number.isInteger(size) || size < 1)
            throw new Error(`The cache ${name} needs a size (integer ≥ 1) with each entry`);
          // Too large for the whole cache: not stored (and an older entry under the key must not stay either).
          if (size > maxSize) lru.delete(key);
          else lru.set(key, value, { size });
        },
        delete: (key) => lru.delete(key),
        clear: () => lru.clear(),
        get size() {
          // Entries past their ttl are not counted: purge them first.
          if (options.ttl !== undefined) lru.purgeStale();
          return lru.size;
        },
      };
      entries.set(name, {
        stats: () => ({
          name,
          size: cache.size,
          max: options.max,
          calculatedSize: maxSize === undefined ? null : lru.calculatedSize,
          maxSize: maxSize ?? null,
          ttl: options.ttl ?? null,
          invalidatedBy: [...versions],
          ...counts,
        }),
        clear: () => lru.clear(),
        invalidate(version) {
          if (!versions.has(version)) return;
          counts.invalidations++;
          lru.clear();
        },
      });
      return cache;
    },
    list: () => [...entries.values()].map((entry) => entry.stats()).sort((a, b) => a.name.localeCompare(b.name)),
    invalidate(version) {
      for (const entry of entries.values()) entry.invalidate(version);
    },
    clear() {
      for (const entry of entries.values()) entry.clear();
    },
  };
}
