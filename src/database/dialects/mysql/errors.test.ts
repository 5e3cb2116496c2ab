import { describe, expect, it } from 'vitest';
import { translateError } from './errors.js';

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
    { errno: 1364, message: "Field 'title' doesn't have a default value", expected: { code: 'NOT_NULL_VIOLATION', extensions: { field: 'title' } } },
    {
      errno: 1452,
      message:
        'Cannot add or update a child row: a foreign key constraint fails (`db`.`articles`, CONSTRAINT `articles_author_foreign` FOREIGN KEY (`author`) REFERENCES `users` (`id`))',
      expected: { code: 'INVALID_FOREIGN_KEY', extensions: { field: 'author' } },
    },
    { errno: 1451, message: 'Cannot delete or update a parent row', expected: { code: 'INVALID_FOREIGN_KEY' } },
    { errno: 1264, message: "Out of range value for column 'count' at row 1", expected: { code: 'VALUE_OUT_OF_RANGE', extensions: { field: 'count' } } },
    { errno: 1406, message: "Data too long for column 'title' at row 1", expected: { code: 'VALUE_TOO_LONG', extensions: { field: 'title' } } },
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
