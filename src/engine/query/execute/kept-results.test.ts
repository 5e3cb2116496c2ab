import { beforeEach, describe, expect, it } from 'vitest';
import type { QueryResult } from '../query.types.js';
import { createCacheRegistry } from '../../../kernel/caches/index.js';
import {
  FORM_CHARS_PER_VALUE,
  isKeptResult,
  keepResult,
  keptResult,
  keptRowsText,
  keptText,
  MAX_FORMS,
  MAX_VALUES,
} from './kept-results.js';
import { MAX_KEPT_VALUES, readCaches } from './read-caches.js';
import type { ReadPlan } from './read-plans.js';

/** A plan of a schema overview of its own (a new overview for each: its kept results answer only for it). */
const plan = (): ReadPlan => ({
  schema: {} as ReadPlan['schema'],
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
    expect(keptResult(caches, p.schema, 'k', 't1')).toBeUndefined();
    expect(Object.isFrozen(first)).toBe(false);
    // Seen again at another token (the data changed in between), or through another plan: still only noted.
    keepResult(caches, p, 'k', 't2', { data: [{ id: 1 }] });
    keepResult(caches, plan(), 'k', 't2', { data: [{ id: 1 }] });
    expect(keptResult(caches, p.schema, 'k', 't2')).toBeUndefined();
    // Reads that never come again leave the kept results alone.
    const kept = keepSeen(p, 'kept', 't', { data: [{ id: 0 }] });
    for (let i = 0; i < 2_000; i++) keepResult(caches, p, `once${i}`, 't', { data: [{ id: i }] });
    expect(keptResult(caches, p.schema, 'kept', 't')).toBe(kept);
    expect(caches.results.size).toBe(1);
    // A second sighting at the same token keeps it.
    const second = { data: [{ id: 2 }] };
    keepResult(caches, p, 'again', 't3', { data: [{ id: 2 }] });
    expect(keepResult(caches, p, 'again', 't3', second)).toBe(second);
    expect(keptResult(caches, p.schema, 'again', 't3')).toBe(second);
  });

  it('answers only at the token the result was kept at, frozen all the way down', () => {
    const p = plan();
    const result: QueryResult = { data: [{ id: 1, tags: ['a'], author: { name: 'x' } }], meta: { total_count: 1 } };
    expect(keepSeen(p, 'k', 't1', result)).toBe(result);
    expect(keptResult(caches, p.schema, 'k', 't1')).toBe(result);
    expect(keptResult(caches, p.schema, 'k', 't2')).toBeUndefined();
    // Another schema overview, or another read (other values: decision 0056).
    expect(keptResult(caches, plan().schema, 'k', 't1')).toBeUndefined();
    expect(keptResult(caches, p.schema, 'k2', 't1')).toBeUndefined();
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
    expect(keptResult(caches, p.schema, 'k', 'old')).toBeUndefined();
    expect(keptResult(caches, p.schema, 'k', 'new')).toBe(fresh);
  });

  it('keeps neither a result larger than the budget nor one holding anything but plain values', () => {
    const big = plan();
    const many = { data: Array.from({ length: MAX_VALUES / 2 }, (_, id) => ({ id })) };
    keepSeen(big, 'k', 't', many);
    expect(keptResult(caches, big.schema, 'k', 't')).toBeUndefined();
    expect(Object.isFrozen(many)).toBe(false);
    expect(isKeptResult(many)).toBe(false);

    const binary = plan();
    keepSeen(binary, 'k', 't', { data: [{ id: 1, file: Buffer.from('x') }] });
    expect(keptResult(caches, binary.schema, 'k', 't')).toBeUndefined();
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
    expect(keptResult(caches, plans[last]!.schema, `page${last}`, 't')).toBeDefined();
    expect(keptResult(caches, plans[0]!.schema, 'page0', 't')).toBeUndefined();
    expect(caches.results.size).toBeLessThan(pagesToFill);
  });

  it('keeps at most 64 results in the app registry (query.kept-results), dropping the one used longest ago; two apps share none', () => {
    const plans = Array.from({ length: 65 }, plan);
    plans.forEach((p, i) => keepSeen(p, `k${i}`, 't', { data: [{ i }] }));
    expect(keptResult(caches, plans[0]!.schema, 'k0', 't')).toBeUndefined();
    expect(keptResult(caches, plans[1]!.schema, 'k1', 't')).toBeDefined();
    expect(keptResult(caches, plans[64]!.schema, 'k64', 't')).toBeDefined();
    expect(keptResult(readCaches(createCacheRegistry()), plans[64]!.schema, 'k64', 't')).toBeUndefined();
  });

  describe("texts made from a kept result's rows (keptRowsText, decision 0178)", () => {
    const owner = {};
    const rowsOf = (result: QueryResult) => result.data as unknown;

    it('are made once per owner and key, for the rows of a kept result only', () => {
      const result = keepSeen(plan(), 'k', 't', { data: [{ id: 1, title: 'x' }] });
      let made = 0;
      const make = (text: string) => () => {
        made++;
        return text;
      };
      expect(keptRowsText(rowsOf(result), owner, 'a', make('A'))).toBe('A');
      expect(keptRowsText(rowsOf(result), owner, 'a', make('changed'))).toBe('A');
      expect(made).toBe(1);
      // Another key, another owner: made again, each kept on its own.
      expect(keptRowsText(rowsOf(result), owner, 'b', make('B'))).toBe('B');
      expect(keptRowsText(rowsOf(result), {}, 'a', make('other owner'))).toBe('other owner');
      expect(keptRowsText(rowsOf(result), owner, 'a', make('changed'))).toBe('A');
      expect(made).toBe(3);
      // Not the rows of a kept result: rows seen once, merely frozen rows, a copy of kept rows, the result itself.
      const once = keepResult(caches, plan(), 'once', 't', { data: [{ id: 1 }] });
      for (const rows of [rowsOf(once), Object.freeze([{ id: 1 }]), [...(result.data as unknown[])], result, null, 'text'])
        expect(keptRowsText(rows, owner, 'a', make('made'))).toBeUndefined();
      expect(made).toBe(3);
    });

    it("leave the rows and the result's own text as they were", () => {
      const result = keepSeen(plan(), 'k', 't', { data: [{ id: 1 }], meta: { total_count: 1 } });
      keptRowsText(rowsOf(result), owner, 'a', () => 'A');
      expect(Object.isFrozen(result.data)).toBe(true);
      expect(Object.keys(result.data)).toEqual(['0']);
      expect(JSON.stringify(result.data)).toBe('[{"id":1}]');
      expect(keptText(result as never)).toBe('{"data":[{"id":1}],"meta":{"total_count":1}}');
    });

    it('keep nothing when the maker throws', () => {
      const result = keepSeen(plan(), 'k', 't', { data: [{ id: 1 }] });
      expect(() =>
        keptRowsText(rowsOf(result), owner, 'a', () => {
          throw new Error('not plain');
        }),
      ).toThrow('not plain');
      expect(keptRowsText(rowsOf(result), owner, 'a', () => 'A')).toBe('A');
    });

    it(`are at most ${MAX_FORMS} a result, of ${FORM_CHARS_PER_VALUE} characters a value together; the oldest go first`, () => {
      const rows = Array.from({ length: 9 }, (_, id) => ({ id }));
      // The array, 9 objects and their 9 ids: 19 values.
      const result = keepSeen(plan(), 'k', 't', { data: rows });
      const budget = 19 * FORM_CHARS_PER_VALUE;
      const made: string[] = [];
      const text = (key: string, length = 10) =>
        keptRowsText(rowsOf(result), owner, key, () => {
          made.push(key);
          return key.padEnd(length, '.');
        });
      for (let i = 0; i <= MAX_FORMS; i++) text(`k${i}`);
      text('k0');
      expect(made).toEqual([...Array.from({ length: MAX_FORMS + 1 }, (_, i) => `k${i}`), 'k0']);
      text(`k${MAX_FORMS}`);
      expect(made).toHaveLength(MAX_FORMS + 2);
      // A text longer than the whole budget is made every time; long texts push out older ones.
      text('huge', budget + 1);
      text('huge', budget + 1);
      expect(made.filter((key) => key === 'huge')).toHaveLength(2);
      text('half', budget / 2);
      text('half2', budget / 2);
      made.length = 0;
      text('half');
      text('half2');
      text(`k${MAX_FORMS}`);
      expect(made).toEqual([`k${MAX_FORMS}`]);
    });
  });
});
