import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import type pg from 'pg';
import type { Config } from '../../../config/index.js';
import { toNumberWhenSafe } from '../shared/to-number-when-safe.js';

/** Set on a pooled connection when it is created, if it may keep named prepared statements (execute.ts). */
export const KEEPS_STATEMENTS = Symbol('stratum.keepsStatements');

/** The session time zone every connection uses, so `timestamptz` text and `now()` are UTC. */
export const SET_UTC = "SET TIME ZONE 'UTC'";

/**
 * Per-connection type parsers (pg's global parsers stay untouched): `bigint` as a number when safe, and
 * `json`/`jsonb`, `date` and `timestamp` (without zone) as the server's text, so no JS time zone is applied
 * and JSON is parsed in one place (fromDatabase) as on the other vendors.
 */
const TEXT_PARSERS = new Map<number, (text: string) => unknown>([
  [20, (text) => toNumberWhenSafe(text)],
  [114, (text) => text],
  [3802, (text) => text],
  [1082, (text) => text],
  [1114, (text) => text],
]);

// pg is loaded on first use (knex loads it for the connection anyway), so SQLite processes never pay for it.
let pgTypes: typeof pg.types | null = null;
const require = createRequire(import.meta.url);

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    const custom = (format ?? 'text') === 'text' ? TEXT_PARSERS.get(oid) : undefined;
    pgTypes ??= (require('pg') as typeof pg).types;
    return custom ?? pgTypes.getTypeParser(oid, format as 'text');
  },
} as unknown as pg.CustomTypesConfig;

/**
 * The parsers of the executor's statements (execute.ts), whose rows all pass through fromDatabase:
 * `timestamptz` stays the server's text as well (`2026-11-26 15:11:45.099+00` in a UTC session), which
 * toIsoTimestamp turns into the API form without making a Date.
 */
export const ENGINE_READ_TYPES = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 1184 && (format ?? 'text') === 'text') return (text: string) => text;
    return types.getTypeParser(oid, format);
  },
} as unknown as pg.CustomTypesConfig;

type RawConnection = { query(sql: string, callback: (error: Error | null) => void): void; [KEEPS_STATEMENTS]?: boolean };

export function knexConfig(db: Config['db']): Knex.Config {
  const ssl = db.ssl ? { ssl: true } : {};
  const connection = db.connectionString
    ? { connectionString: db.connectionString, ...ssl, types }
    : {
        host: db.host,
        port: db.port,
        user: db.user ?? undefined,
        password: db.password ?? undefined,
        database: db.database,
        ...ssl,
        types,
      };
  return {
    client: 'pg',
    connection,
    pool: {
      min: db.poolMin,
      max: db.poolMax,
      afterCreate(raw: RawConnection, done: (error: Error | null, connection: RawConnection) => void) {
        raw[KEEPS_STATEMENTS] = db.preparedStatements;
        raw.query(SET_UTC, (error) => done(error, raw));
      },
    },
  };
}
