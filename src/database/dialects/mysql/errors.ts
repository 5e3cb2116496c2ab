import {
  type AppError,
  invalidForeignKey,
  notNullViolation,
  recordNotUnique,
  valueOutOfRange,
  valueTooLong,
} from '../../../kernel/errors/index.js';

import { isSocketOrPoolError } from '../shared/is-socket-or-pool-error.js';

type MysqlError = { errno?: unknown; sqlMessage?: unknown; message?: unknown };

/**
 * MySQL/MariaDB error numbers: 1062 duplicate entry, 1048/1364 null or missing value, 1452/1451 foreign key,
 * 1264 out of range, 1406 too long. Fields come from the message; for duplicates from the index name knex
 * gives single-column unique indexes (`<table>_<field>_unique`).
 */
export function translateError(error: unknown, collection: string): AppError | null {
  if (typeof error !== 'object' || error === null) return null;
  const { errno, sqlMessage, message } = error as MysqlError;
  const text = typeof sqlMessage === 'string' ? sqlMessage : typeof message === 'string' ? message : '';
  switch (errno) {
    case 1062: {
      const match = /Duplicate entry '(.*)' for key '(.+)'/s.exec(text);
      return recordNotUnique(collection, fieldOfIndex(match?.[2], collection), match?.[1] ?? null, error);
    }
    case 1048:
      return notNullViolation(collection, capture(/Column '(.+?)' cannot be null/, text), error);
    case 1364:
      return notNullViolation(collection, capture(/Field '(.+?)' doesn't have a default value/, text), error);
    case 1452:
      return invalidForeignKey(collection, capture(/FOREIGN KEY \(`([^`]+)`\)/, text), null, error);
    case 1451:
      return invalidForeignKey(collection, null, null, error);
    case 1264:
      return valueOutOfRange(collection, capture(/Out of range value for column '(.+?)'/, text), null, error);
    case 1406:
      return valueTooLong(collection, capture(/Data too long for column '(.+?)'/, text), null, error);
    default:
      return null;
  }
}

function capture(pattern: RegExp, text: string): string | null {
  return pattern.exec(text)?.[1] ?? null;
}

/** `articles_slug_unique` (MySQL 8: `articles.articles_slug_unique`) → slug; null for PRIMARY and others. */
function fieldOfIndex(index: string | undefined, collection: string): string | null {
  if (!index) return null;
  const name = index.startsWith(`${collection}.`) ? index.slice(collection.length + 1) : index;
  const prefix = `${collection}_`;
  if (!name.startsWith(prefix) || !name.endsWith('_unique')) return null;
  return name.slice(prefix.length, -'_unique'.length) || null;
}

/** mysql2's lost-connection codes, and the server's: 1053 shutdown, 1927 connection killed, 1040 too many connections, 2006/2013 gone away or lost. */
const CONNECTION_ERRNOS = new Set([1040, 1053, 1927, 2006, 2013]);

export function isConnectionError(error: unknown): boolean {
  if (isSocketOrPoolError(error)) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, errno, message } = error as { code?: unknown; errno?: unknown; message?: unknown };
  if (code === 'PROTOCOL_CONNECTION_LOST' || code === 'ER_CONNECTION_KILLED' || code === 'ER_SERVER_SHUTDOWN') return true;
  if (typeof errno === 'number' && CONNECTION_ERRNOS.has(errno)) return true;
  return typeof message === 'string' && /closed state|Connection lost/.test(message);
}

/** 1049 ER_BAD_DB_ERROR: the database does not exist. */
export function connectAdvice(error: unknown, db: { database: string }): string | null {
  const errno = typeof error === 'object' && error !== null ? (error as { errno?: unknown }).errno : undefined;
  return errno === 1049
    ? `Create the database first, e.g. CREATE DATABASE \`${db.database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci; in the mariadb client.`
    : null;
}

/** 1213 ER_LOCK_DEADLOCK, 1205 ER_LOCK_WAIT_TIMEOUT. */
export function isConflict(error: unknown): boolean {
  const errno = typeof error === 'object' && error !== null ? (error as { errno?: unknown }).errno : undefined;
  return errno === 1213 || errno === 1205;
}
