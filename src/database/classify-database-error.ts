import { serviceUnavailable, type AppError } from '../kernel/errors/index.js';
import type { Dialect } from './dialects/dialect.js';

/**
 * The answer to a driver error that no write translated: 503 when the database can't be reached, or when a
 * conflict with other writes was left over (a deadlock outside a retried transaction); null for the others
 * (a 500, logged).
 */
export function classifyDatabaseError(dialect: Dialect, error: unknown): AppError | null {
  if (dialect.isConnectionError(error)) return serviceUnavailable('database', "The database can't be reached right now; try again", error);
  if (dialect.isConflict(error)) return serviceUnavailable('database', 'The write conflicted with others; try again', error);
  return null;
}
