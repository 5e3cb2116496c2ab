import { describe, expect, it } from 'vitest';
import { translateError } from './errors.js';

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
    { name: 'not null', error: { code: '23502', column: 'title' }, expected: { code: 'NOT_NULL_VIOLATION', extensions: { field: 'title' } } },
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
