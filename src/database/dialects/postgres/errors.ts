import {
  type AppError,
  invalidForeignKey,
  notNullViolation,
  recordNotUnique,
  valueOutOfRange,
  valueTooLong,
} from '../../../kernel/errors/index.js';

import { isSocketOrPoolError } from '../shared/is-socket-or-pool-error.js';

type PgError = { code?: unknown; detail?: unknown; column?: unknown };

/**
 * SQLSTATE codes: 23505 unique, 23502 not null (pg names the column), 23503 foreign key, 22003 out of range,
 * 22001 too long. The field and value of key violations come from the `detail` text
 * (`Key (email)=(a@b.c) already exists.`).
 */
export function translateError(error: unknown, collection: string): AppError | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, detail, column } = error as PgError;
  switch (code) {
    case '23505': {
      const key = parseKeyDetail(detail);
      return recordNotUnique(collection, key.field, key.value, error);
    }
    case '23502':
      return notNullViolation(collection, typeof column === 'string' ? column : null, error);
    case '23503': {
      const key = parseKeyDetail(detail);
      return invalidForeignKey(collection, key.field, key.value, error);
    }
    case '22003':
      return valueOutOfRange(collection, null, null, error);
    case '22001':
      return valueTooLong(collection, null, null, error);
    default:
      return null;
  }
}

/** `Key (email)=(a@b.c) already exists.` → email, a@b.c; nulls for several columns or other text. */
function parseKeyDetail(detail: unknown): { field: string | null; value: unknown } {
  if (typeof detail !== 'string') return { field: null, value: null };
  const match = /^Key \((.+?)\)=\((.*)\) (?:already exists|is not present|is still referenced)/s.exec(detail);
  if (!match?.[1] || match[1].includes(',')) return { field: null, value: null };
  return { field: match[1].replace(/^"(.*)"$/, '$1'), value: match[2] ?? null };
}

/**
 * SQLSTATE class 08 (connection exception) and 57P01–57P03 (terminated by an administrator, crash shutdown,
 * cannot connect now), 53300 (too many connections), and node-postgres's own messages for a client whose
 * connection ended.
 */
export function isConnectionError(error: unknown): boolean {
  if (isSocketOrPoolError(error)) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300'))
    return true;
  return (
    typeof message === 'string' &&
    /Connection terminated|connection error and is not queryable|Client was closed and is not queryable/.test(message)
  );
}

/** 3D000 invalid catalog name: the database does not exist. */
export function connectAdvice(error: unknown, db: { database: string }): string | null {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '3D000'
    ? `Create the database first, e.g. \`createdb ${db.database}\` or \`CREATE DATABASE "${db.database}";\` in psql.`
    : null;
}

/** 40P01 deadlock detected, 40001 serialization failure, 55P03 lock not available. */
export function isConflict(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === '40P01' || code === '40001' || code === '55P03';
}
