import { describe, expect, it } from 'vitest';
import type { CompileEnv } from '../compile/compile-filter.js';
import { keyedStatement } from './keyed-statement.js';

function envWithAliases(): { env: CompileEnv; used: () => number } {
  let counter = 0;
  return { env: { nextAlias: () => `t${counter++}` } as CompileEnv, used: () => counter };
}

describe('keyedStatement', () => {
  it('compiles once per owner and number of keys, and puts each read its own keys', () => {
    const owner = {};
    let builds = 0;
    const build = (env: CompileEnv, keys: readonly unknown[]) => {
      builds++;
      const alias = env.nextAlias();
      return {
        sql: `select * from x as ${alias} where id in (${keys.map(() => '?').join(', ')}) and a = ?`,
        bindings: ['before', ...keys, 'after'],
      };
    };
    const first = envWithAliases();
    expect(keyedStatement(first.env, owner, [1, 2], build)).toEqual({
      sql: 'select * from x as t0 where id in (?, ?) and a = ?',
      bindings: ['before', 1, 2, 'after'],
    });
    const second = envWithAliases();
    expect(keyedStatement(second.env, owner, [7, 8], build)).toEqual({
      sql: 'select * from x as t0 where id in (?, ?) and a = ?',
      bindings: ['before', 7, 8, 'after'],
    });
    // The kept statement used one alias when it was compiled: the read's later statements start after it.
    expect(second.used()).toBe(1);
    expect(builds).toBe(1);
    keyedStatement(second.env, owner, [1, 2, 3], build);
    expect(builds).toBe(2);
    keyedStatement(envWithAliases().env, {}, [1, 2], build);
    expect(builds).toBe(3);
  });

  it('puts a full chunk of keys (500) into their places, and leaves values that look like keys alone', () => {
    const owner = {};
    const build = (_env: CompileEnv, keys: readonly unknown[]) => ({
      sql: `select * from x where a = ? and id in (${keys.map(() => '?').join(', ')}) and b = ?`,
      bindings: ['\u0000stratum-key-', ...keys, 'stratum-key-1'],
    });
    const first = Array.from({ length: 500 }, (_, i) => i);
    keyedStatement(envWithAliases().env, owner, first, build);
    const keys = Array.from({ length: 500 }, (_, i) => `k${499 - i}`);
    expect(keyedStatement(envWithAliases().env, owner, keys, build).bindings).toEqual(['\u0000stratum-key-', ...keys, 'stratum-key-1']);
  });

  it('compiles with the keys themselves when a key does not appear exactly once among the values', () => {
    const owner = {};
    let builds = 0;
    const twice = (_env: CompileEnv, keys: readonly unknown[]) => {
      builds++;
      return { sql: 'select ? union select ?', bindings: [keys[0], keys[0]] };
    };
    expect(keyedStatement(envWithAliases().env, owner, ['k'], twice)).toEqual({ sql: 'select ? union select ?', bindings: ['k', 'k'] });
    expect(keyedStatement(envWithAliases().env, owner, ['m'], twice)).toEqual({ sql: 'select ? union select ?', bindings: ['m', 'm'] });
    expect(builds).toBe(4);
  });
});
