import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { registerFunctions } from './knex-config.js';

type Statement = { get(...args: unknown[]): unknown; all(...args: unknown[]): unknown[]; run(...args: unknown[]): unknown };
type Connection = { exec(sql: string): void; prepare(sql: string): Statement; close(): void };
const Database = createRequire(import.meta.url)('better-sqlite3') as new (filename: string) => Connection;

describe('stratum_lower (registerFunctions)', () => {
  it("lowers letters beyond ASCII, where SQLite's own lower() does not", () => {
    const db = new Database(':memory:');
    registerFunctions(db as never);
    const row = db.prepare("select lower('ÉCOLE ÖL') as ascii, stratum_lower('ÉCOLE ÖL ÆØÅ STRAẞE') as unicode").get() as Record<
      string,
      unknown
    >;
    expect(row).toEqual({ ascii: 'École Öl', unicode: 'école öl æøå straße' });
    db.close();
  });

  it('gives numbers as text, as lower() does, and keeps NULL', () => {
    const db = new Database(':memory:');
    registerFunctions(db as never);
    const row = db.prepare('select stratum_lower(12) as i, stratum_lower(1.5) as f, stratum_lower(null) as n, lower(12) as l').get();
    expect(row).toEqual({ i: '12', f: '1.5', n: null, l: '12' });
    db.close();
  });

  it('is deterministic: SQLite accepts it in an index on an expression, and a LIKE over it matches case-insensitively', () => {
    const db = new Database(':memory:');
    registerFunctions(db as never);
    db.exec('create table words (word text)');
    db.exec('create index words_lower on words (stratum_lower(word))');
    const insert = db.prepare('insert into words (word) values (?)');
    for (const word of ['ÉCOLE', 'école', 'Ecole', 'Öl']) insert.run(word);
    const matched = db.prepare("select word from words where stratum_lower(word) like ? escape '!' order by rowid").all('%école%');
    expect(matched).toEqual([{ word: 'ÉCOLE' }, { word: 'école' }]);
    db.close();
  });

  it('is missing on a connection nobody registered it on (the knex config registers it on every one)', () => {
    const db = new Database(':memory:');
    expect(() => db.prepare("select stratum_lower('A')")).toThrow(/no such function: stratum_lower/);
    db.close();
  });
});
