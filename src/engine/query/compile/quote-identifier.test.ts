import knexFactory from 'knex';
import { describe, expect, it } from 'vitest';
import { quoteIdentifier } from './quote-identifier.js';

describe('quoteIdentifier', () => {
  it('quotes as each vendor does, dotted names per part, and caches per knex', () => {
    const sqlite = knexFactory({ client: 'better-sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
    const pg = knexFactory({ client: 'pg' });
    const mysql = knexFactory({ client: 'mysql2' });
    expect(quoteIdentifier(sqlite, 't0.id')).toBe('`t0`.`id`');
    expect(quoteIdentifier(pg, 't0.id')).toBe('"t0"."id"');
    expect(quoteIdentifier(mysql, '__pk')).toBe('`__pk`');
    expect(quoteIdentifier(pg, 'we"ird')).toBe('"we""ird"');
    expect(quoteIdentifier(sqlite, 't0.id')).toBe('`t0`.`id`');
  });

  it('gives null for a name with a question mark, which must stay a binding', () => {
    const pg = knexFactory({ client: 'pg' });
    expect(quoteIdentifier(pg, 'what?')).toBeNull();
  });
});
