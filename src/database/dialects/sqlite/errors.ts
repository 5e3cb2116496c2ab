import { isSocketOrPoolError } from '../shared/is-socket-or-pool-error.js';
import { type AppError, invalidForeignKey, notNullViolation, recordNotUnique, valueTooLong } from '../../../kernel/errors/index.js';

/**
 * better-sqlite3 errors carry extended result codes (`SQLITE_CONSTRAINT_UNIQUE`, …) and messages such as
 * `UNIQUE constraint failed: articles.slug`, from which the field is read. SQLite never names the value (the items
 * operations take it from the write: nameDuplicateValue), and has no length or range checks of its own.
 */
export function translateError(error: unknown, collection: string): AppError | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  switch (code) {
    case 'SQLITE_CONSTRAINT_UNIQUE':
    case 'SQLITE_CONSTRAINT_PRIMARYKEY':
      return recordNotUnique(collection, fieldAfter(text, 'UNIQUE constraint failed: '), null, error);
    case 'SQLITE_CONSTRAINT_NOTNULL':
      return notNullViolation(collection, fieldAfter(text, 'NOT NULL constraint failed: '), error);
    case 'SQLITE_CONSTRAINT_FOREIGNKEY':
      return invalidForeignKey(collection, null, null, error);
    case 'SQLITE_TOOBIG':
      return valueTooLong(collection, null, null, error);
    default:
      return null;
  }
}

/** `… UNIQUE constraint failed: articles.slug` → `slug`; null when several columns are named. */
function fieldAfter(message: string, marker: string): string | null {
  const at = message.indexOf(marker);
  if (at === -1) return null;
  const columns = message
    .slice(at + marker.length)
    .trim()
    .split(/\s*,\s*/);
  if (columns.length !== 1 || !columns[0]) return null;
  const name = columns[0];
  return name.slice(name.lastIndexOf('.') + 1);
}

/** A SQLite database is a file this process opened: there is no connection to lose, only knex's pool timeout. */
export function isConnectionError(error: unknown): boolean {
  return isSocketOrPoolError(error);
}

/** SQLite makes a missing file (and connection.ts its folder): nothing to advise. */
export function connectAdvice(): string | null {
  return null;
}

/** The file is locked by another connection or process past busy_timeout (SQLITE_BUSY and its variants). */
export function isConflict(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'));
}
