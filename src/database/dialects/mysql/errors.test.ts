import { describe, expect, it } from 'vitest';
import { isConnectionError, translateError } from './errors.js';

function mysqlError(errno: number, sqlMessage: string) {
  return Object.assign(new Error(sqlMessage), { errno, sqlMessage });
}

describe('mysql translateError', () => {
  it.each([
    {
      errno: 1062,
      message: "Duplicate entry 'a@b.c' for key 'articles_email_unique'",
      expected: { code: 'RECORD_NOT_UNIQUE', extensions: { field: 'email', value: 'a@b.c' } },
    },
    {
      errno: 1062,
      message: "Duplicate entry 'x' for key 'articles.articles_slug_unique'",
      expected: { code: 'RECORD_NOT_UNIQUE', extensions: { field: 'slug', value: 'x' } },
    },
    { errno: 1062, message: "Duplicate entry '1' for key 'PRIMARY'", expected: { code: 'RECORD_NOT_UNIQUE', extensions: { field: null } } },
    { errno: 1048, message: "Column 'title' cannot be null", expected: { code: 'NOT_NULL_VIOLATION', extensions: { field: 'title' } } },
    {
      errno: 1364,
      message: "Field 'title' doesn't have a default value",
      expected: { code: 'NOT_NULL_VIOLATION', extensions: { field: 'title' } },
    },
    {
      errno: 1452,
      message:
        'Cannot add or update a child row: a foreign key constraint fails (`db`.`articles`, CONSTRAINT `articles_author_foreign` FOREIGN KEY (`author`) REFERENCES `users` (`id`))',
      expected: { code: 'INVALID_FOREIGN_KEY', extensions: { field: 'author' } },
    },
    { errno: 1451, message: 'Cannot delete or update a parent row', expected: { code: 'INVALID_FOREIGN_KEY' } },
    {
      errno: 1264,
      message: "Out of range value for column 'count' at row 1",
      expected: { code: 'VALUE_OUT_OF_RANGE', extensions: { field: 'count' } },
    },
    {
      errno: 1406,
      message: "Data too long for column 'title' at row 1",
      expected: { code: 'VALUE_TOO_LONG', extensions: { field: 'title' } },
    },
  ])('$errno: $message', ({ errno, message, expected }) => {
    const original = mysqlError(errno, message);
    const translated = translateError(original, 'articles');
    expect(translated).toMatchObject(expected);
    expect(translated?.cause).toBe(original);
  });

  it('returns null for other errors', () => {
    expect(translateError(mysqlError(1146, "Table 'x' doesn't exist"), 'x')).toBeNull();
  });
});

describe('isConnectionError', () => {
  it('is true for a killed or lost connection, a server shutdown, too many connections and a dropped socket', () => {
    expect(
      isConnectionError(
        Object.assign(new Error('Connection lost: The server closed the connection.'), { code: 'PROTOCOL_CONNECTION_LOST' }),
      ),
    ).toBe(true);
    expect(isConnectionError(mysqlError(1927, 'Connection was killed'))).toBe(true);
    expect(isConnectionError(mysqlError(1053, 'Server shutdown in progress'))).toBe(true);
    expect(isConnectionError(mysqlError(1040, 'Too many connections'))).toBe(true);
    expect(isConnectionError(new Error("Can't add new command when connection is in closed state"))).toBe(true);
    expect(isConnectionError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(true);
  });

  it('is false for errors of the statement or the data', () => {
    expect(isConnectionError(mysqlError(1062, "Duplicate entry 'a' for key 'x'"))).toBe(false);
    expect(isConnectionError(mysqlError(1146, "Table 'x' doesn't exist"))).toBe(false);
    expect(isConnectionError(undefined)).toBe(false);
  });
});
