import { beforeEach, describe, expect, it } from 'vitest';
import type { QueryResult } from '../query.types.js';
import { createCacheRegistry } from '../../../kernel/caches/index.js';
import { isKeptResult, keepResult, keptResult, keptText, MAX_VALUES } from './kept-results.js';
import { MAX_KEPT_VALUES, readCaches } from './read-caches.js';
import type { ReadPlan } from './read-plans.js';

const plan = (): ReadPlan => ({
  ast: {} as ReadPlan['ast'],
  sql: 'select 1',
  bindings: [],
  aliases: 0,
  random: false,
  values: null,
  compiledFor: '',
});

describe('kept results', () => {
  let caches = readCaches(createCacheRegistry());
  beforeEach(() => {
    caches = readCaches(createCacheRegistry());
  });
  /** The read answered twice at `token` (a result is kept at its second sighting); the second answer is returned. */
  const keepSeen = (p: ReadPlan, key: string, token: string, result: QueryResult): QueryResult => {
    keepResult(caches, p, key, token, { data: [] });
    return keepResult(caches, p, key, token, result);
  };

  it('keeps a result at its second sighting at the same token, not at its first (decision 0172)', () => {
    const p = plan();
    const first = { data: [{ id: 1 }] };
    expect(keepResult(caches, p, 'k', 't1', first)).toBe(first);
    expect(keptResult(caches, p, 'k', 't1')).toBeUndefined();
    expect(Object.isFrozen(first)).toBe(false);
    // Seen again at another token (the data changed in between), or through another plan: still only noted.
    keepResult(caches, p, 'k', 't2', { data: [{ id: 1 }] });
    keepResult(caches, plan(), 'k', 't2', { data: [{ id: 1 }] });
    expect(keptResult(caches, p, 'k', 't2')).toBeUndefined();
    // Reads that never come again leave the kept results alone.
    const kept = keepSeen(p, 'kept', 't', { data: [{ id: 0 }] });
    for (let i = 0; i < 2_000; i++) keepResult(caches, p, `once${i}`, 't', { data: [{ id: i }] });
    expect(keptResult(caches, p, 'kept', 't')).toBe(kept);
    expect(caches.results.size).toBe(1);
    // A second sighting at the same token keeps it.
    const second = { data: [{ id: 2 }] };
    keepResult(caches, p, 'again', 't3', { data: [{ id: 2 }] });
    expect(keepResult(caches, p, 'again', 't3', second)).toBe(second);
    expect(keptResult(caches, p, 'again', 't3')).toBe(second);
  });

  it('answers only at the token the result was kept at, frozen all the way down', () => {
    const p = plan();
    const result: QueryResult = { data: [{ id: 1, tags: ['a'], author: { name: 'x' } }], meta: { total_count: 1 } };
    expect(keepSeen(p, 'k', 't1', result)).toBe(result);
    expect(keptResult(caches, p, 'k', 't1')).toBe(result);
    expect(keptResult(caches, p, 'k', 't2')).toBeUndefined();
    // Another plan (another schema) or another read through the same plan (other values: decision 0056).
    expect(keptResult(caches, plan(), 'k', 't1')).toBeUndefined();
    expect(keptResult(caches, p, 'k2', 't1')).toBeUndefined();
    expect(Object.isFrozen(result)).toBe(true);
    // Marked as kept (sendResult sends its text, made once), not told by being frozen.
    expect(isKeptResult(result)).toBe(true);
    expect(isKeptResult(Object.freeze({ data: [] }))).toBe(false);
    expect(keptText(result as never)).toBe(JSON.stringify({ data: result.data, meta: result.meta }));
    expect(keptText(result as never)).toBe(keptText(result as never));
    expect(JSON.stringify(result)).toBe(JSON.stringify({ data: result.data, meta: result.meta }));
    expect(() => {
      (result.data[0]!.author as Record<string, unknown>).name = 'changed';
    }).toThrow(TypeError);
    expect(() => (result.data[0]!.tags as string[]).push('b')).toThrow(TypeError);
  });

  it('replaces the result of a plan kept at another token', () => {
    const p = plan();
    keepSeen(p, 'k', 'old', { data: [{ id: 1 }] });
    const fresh = { data: [{ id: 2 }] };
    keepSeen(p, 'k', 'new', fresh);
    expect(keptResult(caches, p, 'k', 'old')).toBeUndefined();
    expect(keptResult(caches, p, 'k', 'new')).toBe(fresh);
  });

  it('keeps neither a result larger than the budget nor one holding anything but plain values', () => {
    const big = plan();
    const many = { data: Array.from({ length: MAX_VALUES / 2 }, (_, id) => ({ id })) };
    keepSeen(big, 'k', 't', many);
    expect(keptResult(caches, big, 'k', 't')).toBeUndefined();
    expect(Object.isFrozen(many)).toBe(false);
    expect(isKeptResult(many)).toBe(false);

    const binary = plan();
    keepSeen(binary, 'k', 't', { data: [{ id: 1, file: Buffer.from('x') }] });
    expect(keptResult(caches, binary, 'k', 't')).toBeUndefined();
  });

  it('keeps a page of 1,000 related rows, and bounds the values of all kept results together (older ones go first)', () => {
    const row = (id: number) => ({
      id,
      title: `t${id}`,
      author: { name: 'a' },
      tags: Array.from({ length: 10 }, (_, t) => ({ tags_id: { name: `g${t}` } })),
    });
    const pagesToFill = Math.ceil(MAX_KEPT_VALUES / 30_000) + 1;
    const plans = Array.from({ length: pagesToFill }, plan);
    plans.forEach((p, i) => keepSeen(p, `page${i}`, 't', { data: Array.from({ length: 1_000 }, (_, id) => row(id)) }));
    const last = plans.length - 1;
    expect(keptResult(caches, plans[last]!, `page${last}`, 't')).toBeDefined();
    expect(keptResult(caches, plans[0]!, 'page0', 't')).toBeUndefined();
    expect(caches.results.size).toBeLessThan(pagesToFill);
  });

  it('keeps at most 64 results in the app registry (query.kept-results), dropping the one used longest ago; two apps share none', () => {
    const plans = Array.from({ length: 65 }, plan);
    plans.forEach((p, i) => keepSeen(p, `k${i}`, 't', { data: [{ i }] }));
    expect(keptResult(caches, plans[0]!, 'k0', 't')).toBeUndefined();
    expect(keptResult(caches, plans[1]!, 'k1', 't')).toBeDefined();
    expect(keptResult(caches, plans[64]!, 'k64', 't')).toBeDefined();
    expect(keptResult(readCaches(createCacheRegistry()), plans[64]!, 'k64', 't')).toBeUndefined();
  });
});
