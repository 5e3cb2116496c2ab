import { describe, expect, it } from 'vitest';
import { isConnectionError, translateError } from './errors.js';

function sqliteError(code: string, message: string) {
  return Object.assign(new Error(`insert into "t" ("a") values (?) - ${message}`), { code });
}

describe('sqlite translateError', () => {
  it.each([
    { code: 'SQLITE_CONSTRAINT_UNIQUE', message: 'UNIQUE constraint failed: articles.slug', expected: 'RECORD_NOT_UNIQUE', field: 'slug' },
    {
      code: 'SQLITE_CONSTRAINT_UNIQUE',
      message: 'UNIQUE constraint failed: articles.a, articles.b',
      expected: 'RECORD_NOT_UNIQUE',
      field: null,
    },
    { code: 'SQLITE_CONSTRAINT_PRIMARYKEY', message: 'UNIQUE constraint failed: articles.id', expected: 'RECORD_NOT_UNIQUE', field: 'id' },
    {
      code: 'SQLITE_CONSTRAINT_NOTNULL',
      message: 'NOT NULL constraint failed: articles.title',
      expected: 'NOT_NULL_VIOLATION',
      field: 'title',
    },
    { code: 'SQLITE_CONSTRAINT_FOREIGNKEY', message: 'FOREIGN KEY constraint failed', expected: 'INVALID_FOREIGN_KEY', field: null },
  ])('$code → $expected ($field)', ({ code, message, expected, field }) => {
    const error = sqliteError(code, message);
    const translated = translateError(error, 'articles');
    expect(translated).toMatchObject({ code: expected, extensions: { collection: 'articles', field } });
    expect(translated?.cause).toBe(error);
  });

  it('returns null for other errors', () => {
    expect(translateError(sqliteError('SQLITE_ERROR', 'no such table: x'), 'x')).toBeNull();
    expect(translateError(undefined, 'x')).toBeNull();
  });
});

describe('isConnectionError', () => {
  it('is true only for the pool timeout: a file has no connection to lose', () => {
    expect(isConnectionError(Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' }))).toBe(true);
    expect(isConnectionError(sqliteError('SQLITE_CONSTRAINT_UNIQUE', 'UNIQUE constraint failed: t.a'))).toBe(false);
    expect(isConnectionError(sqliteError('SQLITE_BUSY', 'database is locked'))).toBe(false);
  });
});
