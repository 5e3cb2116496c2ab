import { describe, expect, it } from 'vitest';
import { createCacheRegistry, PREALLOCATED_MAX } from './create-cache-registry.js';

describe('createCacheRegistry', () => {
  it('counts hits and misses, and lists each cache with its bound', () => {
    const caches = createCacheRegistry();
    const cache = caches.lru<string, number>('roles', { max: 10, invalidatedBy: ['access'] });
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 1);
    expect(cache.get('a')).toBe(1);
    expect(cache.get('a')).toBe(1);
    expect(cache.has('b')).toBe(false);
    expect(cache.peek('a')).toBe(1);
    expect(caches.list()).toEqual([
      {
        name: 'roles',
        size: 1,
        max: 10,
        calculatedSize: null,
        maxSize: null,
        ttl: null,
        invalidatedBy: ['access'],
        hits: 2,
        misses: 1,
        evictions: 0,
        invalidations: 0,
      },
    ]);
  });

  it('keeps at most max entries, pushing out the least recently used and counting it', () => {
    const caches = createCacheRegistry();
    const cache = caches.lru<string, number>('small', { max: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect(cache.has('a')).toBe(true);
    expect(cache.has('b')).toBe(false);
    expect(cache.size).toBe(2);
    // A delete or a replaced value is not an eviction.
    cache.delete('c');
    cache.set('a', 4);
    expect(caches.list()[0]).toMatchObject({ size: 1, evictions: 1 });
  });

  it('with maxSize, bounds the total size of the entries too: older ones go until a new one fits, one too large is not stored', () => {
    const caches = createCacheRegistry();
    const cache = caches.lru<string, string>('sized', { max: 10, maxSize: 100 });
    cache.set('a', 'A', 40);
    cache.set('b', 'B', 40);
    cache.get('a');
    cache.set('c', 'C', 40);
    expect(cache.has('b')).toBe(false);
    expect(cache.has('a') && cache.has('c')).toBe(true);
    expect(caches.list()[0]).toMatchObject({ size: 2, calculatedSize: 80, maxSize: 100, evictions: 1 });
    // Larger than the whole bound: not stored, and the key's older value goes with it.
    cache.set('a', 'huge', 101);
    expect(cache.has('a')).toBe(false);
    expect(caches.list()[0]).toMatchObject({ size: 1, calculatedSize: 40 });
    expect(() => cache.set('d', 'D')).toThrow(/needs a size/);
    expect(() => caches.lru('bad', { max: 1, maxSize: 0 })).toThrow(/maxSize/);
  });

  it('keeps a large bound without allocating it up front, and still holds to it', () => {
    const caches = createCacheRegistry();
    const max = PREALLOCATED_MAX * 2;
    const cache = caches.lru<number, number>('large', { max });
    for (let i = 0; i <= max; i++) cache.set(i, i);
    cache.get(1);
    cache.set(max + 1, 0);
    expect(cache.size).toBe(max);
    expect(cache.has(0) || cache.has(2)).toBe(false);
    expect(cache.has(1) && cache.has(max + 1)).toBe(true);
    expect(caches.list()[0]).toMatchObject({ size: max, max, calculatedSize: null, maxSize: null, evictions: 2 });
  });

  it('empties only the caches bound to the version that moved, and counts it', () => {
    const caches = createCacheRegistry();
    const access = caches.lru<string, number>('access', { max: 5, invalidatedBy: ['access', 'schema'] });
    const schema = caches.lru<string, number>('schema', { max: 5, invalidatedBy: ['schema'] });
    const plain = caches.lru<string, number>('plain', { max: 5 });
    for (const cache of [access, schema, plain]) cache.set('k', 1);
    caches.invalidate('access');
    expect([access.size, schema.size, plain.size]).toEqual([0, 1, 1]);
    caches.invalidate('schema');
    expect([access.size, schema.size, plain.size]).toEqual([0, 0, 1]);
    caches.invalidate('sessions');
    expect(caches.list().map(({ name, invalidations }) => [name, invalidations])).toEqual([
      ['access', 2],
      ['plain', 0],
      ['schema', 1],
    ]);
    caches.clear();
    expect(plain.size).toBe(0);
  });

  it('lets entries expire once older than ttl on the clock it is given', () => {
    const time = { now: 1000 };
    const caches = createCacheRegistry();
    const cache = caches.lru<string, string>('tokens', { max: 5, ttl: 100, clock: () => time.now });
    cache.set('t', 'v');
    time.now = 1100;
    expect(cache.get('t')).toBe('v');
    time.now = 1101;
    expect(cache.get('t')).toBeUndefined();
    expect(caches.list()[0]).toMatchObject({ size: 0, ttl: 100, hits: 1, misses: 1, evictions: 0 });
  });

  it('refuses a second cache of the same name and a cache without a bound', () => {
    const caches = createCacheRegistry();
    caches.lru('once', { max: 1 });
    expect(() => caches.lru('once', { max: 1 })).toThrow(/already registered/);
    expect(() => caches.lru('unbounded', { max: 0 })).toThrow(/bound/);
  });

  it('shares nothing between two registries (two apps in one process)', () => {
    const a = createCacheRegistry();
    const b = createCacheRegistry();
    a.lru<string, number>('same', { max: 1 }).set('k', 1);
    expect(b.lru<string, number>('same', { max: 1 }).get('k')).toBeUndefined();
  });
});
