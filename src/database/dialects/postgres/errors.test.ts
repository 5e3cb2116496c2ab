import { describe, expect, it } from 'vitest';
import { isConnectionError, translateError } from './errors.js';

function pgError(fields: Record<string, unknown>) {
  return Object.assign(new Error('pg error'), fields);
}

describe('postgres translateError', () => {
  it.each([
    {
      name: 'unique',
      error: { code: '23505', detail: 'Key (email)=(a@b.c) already exists.' },
      expected: { code: 'RECORD_NOT_UNIQUE', extensions: { field: 'email', value: 'a@b.c' } },
    },
    {
      name: 'composite unique',
      error: { code: '23505', detail: 'Key (collection, field)=(a, b) already exists.' },
      expected: { code: 'RECORD_NOT_UNIQUE', extensions: { field: null } },
    },
    {
      name: 'not null',
      error: { code: '23502', column: 'title' },
      expected: { code: 'NOT_NULL_VIOLATION', extensions: { field: 'title' } },
    },
    {
      name: 'foreign key',
      error: { code: '23503', detail: 'Key (role)=(7c0e…) is not present in table "service_roles".' },
      expected: { code: 'INVALID_FOREIGN_KEY', extensions: { field: 'role', value: '7c0e…' } },
    },
    { name: 'out of range', error: { code: '22003' }, expected: { code: 'VALUE_OUT_OF_RANGE' } },
    { name: 'too long', error: { code: '22001' }, expected: { code: 'VALUE_TOO_LONG' } },
  ])('$name', ({ error, expected }) => {
    const original = pgError(error);
    const translated = translateError(original, 'articles');
    expect(translated).toMatchObject(expected);
    expect(translated?.cause).toBe(original);
  });

  it('returns null for other errors', () => {
    expect(translateError(pgError({ code: '42P01' }), 'x')).toBeNull();
  });
});

describe('isConnectionError', () => {
  it('is true for a terminated backend, a connection exception, a full server, a dropped socket and the pool timeout', () => {
    expect(isConnectionError(pgError({ code: '57P01' }))).toBe(true);
    expect(isConnectionError(pgError({ code: '08006' }))).toBe(true);
    expect(isConnectionError(pgError({ code: '53300' }))).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' }))).toBe(true);
  });

  it('is false for errors of the statement or the data', () => {
    expect(isConnectionError(pgError({ code: '23505' }))).toBe(false);
    expect(isConnectionError(pgError({ code: '42P01' }))).toBe(false);
    expect(isConnectionError('text')).toBe(false);
    expect(isConnectionError(null)).toBe(false);
  });
});
