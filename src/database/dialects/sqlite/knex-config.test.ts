import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cacheStatements } from './knex-config.js';

type Statement = { run(...args: unknown[]): unknown; all(): unknown[]; get(): unknown; safeIntegers(on?: boolean): Statement };
type Connection = { exec(sql: string): void; prepare(sql: string): Statement; close(): void };
const Database = createRequire(import.meta.url)('better-sqlite3') as new (filename: string) => Connection;

describe('cacheStatements', () => {
  it('hands out the same statement for the same SQL, drops the least recently used, and survives schema changes', () => {
    const db = new Database(':memory:');
    cacheStatements(db as never, 2);
    db.exec('create table t (a integer)');
    const insert = db.prepare('insert into t (a) values (?)');
    expect(db.prepare('insert into t (a) values (?)')).toBe(insert);
    insert.run(1);
    const select = db.prepare('select * from t');
    expect(select.all()).toEqual([{ a: 1 }]);
    db.prepare('select 1');
    // 'insert' was the least recently used of the three: it was prepared again.
    expect(db.prepare('insert into t (a) values (?)')).not.toBe(insert);
    // A cached, reset statement does not block DDL, and sees the new shape afterwards.
    db.prepare('select 2');
    expect(db.prepare('select * from t')).toBe(db.prepare('select * from t'));
    db.exec('alter table t add column b text');
    expect(db.prepare('select * from t').all()).toEqual([{ a: 1, b: null }]);
    db.exec('drop table t');
    db.close();
  });

  it('resets safeIntegers left on by an earlier use', () => {
    const db = new Database(':memory:');
    cacheStatements(db as never);
    db.prepare('select 5 as n').safeIntegers(true);
    expect(db.prepare('select 5 as n').get()).toEqual({ n: 5 });
    db.close();
  });
});
