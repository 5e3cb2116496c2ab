import type { Knex } from 'knex';
import type { Config } from '../../../config/index.js';

/**
 * Session settings for every connection: UTC (DATETIME has no zone, so the session's decides what
 * CURRENT_TIMESTAMP writes) and strict mode, so values that are too long or out of range fail instead of
 * being silently cut.
 */
export const SESSION_SETUP = [
  "SET time_zone = '+00:00'",
  "SET SESSION sql_mode = IF(@@SESSION.sql_mode = '', 'STRICT_TRANS_TABLES', CONCAT(@@SESSION.sql_mode, ',STRICT_TRANS_TABLES'))",
];

type RawConnection = { query(sql: string, callback: (error: Error | null) => void): void };

/**
 * mysql2 options that make the driver's values alike to the other vendors': `DATETIME` and `TIMESTAMP` as
 * Dates read in UTC (`timezone: 'Z'`, the session's zone): zone-less text such as `2026-11-27 10:00:00.000`
 * would be read in the process's local zone by whoever makes a Date of it (decision 0046), while a Date is
 * the same instant everywhere (a `dateTime` field's wall clock is its UTC parts); `DATE` and JSON as text (no
 * JS time zone, JSON parsed in fromDatabase), big integers as text only when unsafe, utf8mb4.
 */
const DRIVER_OPTIONS = {
  timezone: 'Z',
  charset: 'utf8mb4',
  supportBigNumbers: true,
  bigNumberStrings: false,
  dateStrings: ['DATE'],
  jsonStrings: true,
  // Prepared statements kept per connection by mysql2 (execute.ts), least recently used closed first: well
  // under the server's max_prepared_stmt_count (16,382 by default) for a whole pool.
  maxPreparedStatements: 256,
};

export function knexConfig(db: Config['db']): Knex.Config {
  const ssl = db.ssl ? { ssl: {} } : {};
  const connection = db.connectionString
    ? { uri: db.connectionString, ...DRIVER_OPTIONS, ...ssl }
    : {
        host: db.host,
        port: db.port,
        user: db.user ?? undefined,
        password: db.password ?? undefined,
        database: db.database,
        ...DRIVER_OPTIONS,
        ...ssl,
      };
  return {
    client: 'mysql2',
    connection,
    pool: {
      min: db.poolMin,
      max: db.poolMax,
      afterCreate(raw: RawConnection, done: (error: Error | null, connection: RawConnection) => void) {
        runInOrder(raw, [...SESSION_SETUP], (error) => done(error, raw));
      },
    },
  };
}

function runInOrder(raw: RawConnection, statements: string[], callback: (error: Error | null) => void): void {
  const [first, ...rest] = statements;
  if (first === undefined) return callback(null);
  raw.query(first, (error) => (error ? callback(error) : runInOrder(raw, rest, callback)));
}
