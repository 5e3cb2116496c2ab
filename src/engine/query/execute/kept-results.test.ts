import { describe, expect, it } from 'vitest';
import type { QueryResult } from '../query.types.js';
import { keepResult, keptResult } from './kept-results.js';
import type { ReadPlan } from './read-plans.js';

const plan = (): ReadPlan => ({ ast: {} as ReadPlan['ast'], sql: 'select 1', bindings: [], aliases: 0, random: false });

describe('kept results', () => {
  it('answers only at the token the result was kept at, frozen all the way down', () => {
    const p = plan();
    const result: QueryResult = { data: [{ id: 1, tags: ['a'], author: { name: 'x' } }], meta: { total_count: 1 } };
    expect(keepResult(p, 't1', result)).toBe(result);
    expect(keptResult(p, 't1')).toBe(result);
    expect(keptResult(p, 't2')).toBeUndefined();
    expect(keptResult(plan(), 't1')).toBeUndefined();
    expect(Object.isFrozen(result)).toBe(true);
    expect(() => {
      (result.data[0]!.author as Record<string, unknown>).name = 'changed';
    }).toThrow(TypeError);
    expect(() => (result.data[0]!.tags as string[]).push('b')).toThrow(TypeError);
  });

  it('replaces the result of a plan kept at another token', () => {
    const p = plan();
    keepResult(p, 'old', { data: [{ id: 1 }] });
    const fresh = { data: [{ id: 2 }] };
    keepResult(p, 'new', fresh);
    expect(keptResult(p, 'old')).toBeUndefined();
    expect(keptResult(p, 'new')).toBe(fresh);
  });

  it('keeps neither a result larger than the budget nor one holding anything but plain values', () => {
    const big = plan();
    const many = { data: Array.from({ length: 3_000 }, (_, id) => ({ id })) };
    keepResult(big, 't', many);
    expect(keptResult(big, 't')).toBeUndefined();
    expect(Object.isFrozen(many)).toBe(false);

    const binary = plan();
    keepResult(binary, 't', { data: [{ id: 1, file: Buffer.from('x') }] });
    expect(keptResult(binary, 't')).toBeUndefined();
  });

  it('keeps at most 64 results, dropping the one kept longest ago', () => {
    const plans = Array.from({ length: 65 }, plan);
    plans.forEach((p, i) => keepResult(p, 't', { data: [{ i }] }));
    expect(keptResult(plans[0]!, 't')).toBeUndefined();
    expect(keptResult(plans[1]!, 't')).toBeDefined();
    expect(keptResult(plans[64]!, 't')).toBeDefined();
  });
});
