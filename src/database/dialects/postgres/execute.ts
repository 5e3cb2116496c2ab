import type { Knex } from 'knex';
import { announce, withConnection } from '../../execute/knex-connection.js';
import { isPlainRead, type Row, type Statement, type Table } from '../../execute/statement.js';
import { ENGINE_READ_TYPES, KEEPS_STATEMENTS } from './knex-config.js';
import type { StatementNames } from './statement-names.js';

type QueryConfig = { text: string; values: unknown[]; name?: string; types?: unknown; rowMode?: 'array' };
type Result = { rows: Row[]; fields?: { name: string }[] };
type RawConnection = {
  query(config: QueryConfig, callback: (error: Error | null, result?: Result) => void): void;
  /** pg's record of the statements this connection has prepared, by name (pg has no public way to forget one). */
  connection?: { parsedStatements?: Record<string, string> };
  [KEEPS_STATEMENTS]?: boolean;
};

/**
 * Statements with more values than this run unnamed: they are key lists (`id IN ($1 … $100)`, a batch read back),
 * whose plans PostgreSQL should make for the values at hand. Named, the batch read-back of a quickly growing table
 * ran 4× slower (bench/RESULTS.md, 2026-11-26).
 */
const MAX_NAMED_VALUES = 16;

/**
 * PostgreSQL's executor (Dialect.execute, decision 0049): the statement on a pooled pg connection, or the
 * transaction's own, without knex's runner (uids, response processing, the promise chain around them); `sql`
 * is already in pg's `$n` form, the values go to pg as knex would pass them. A text run often becomes a named
 * prepared statement, so PostgreSQL parses and plans it once per connection (DB_PREPARED_STATEMENTS). The
 * connection's error listeners are knex's own, so a broken connection is still dropped from the pool.
 */
export function createExecute(names: StatementNames) {
  return (db: Knex, statement: Statement): Promise<Row[]> => run(names, db, statement, undefined).then((result) => result.rows);
}

/** `execute` for rows taken by position (Dialect.executeTable): pg's array rows, not an object per row. */
export function createExecuteTable(names: StatementNames) {
  return (db: Knex, statement: Statement): Promise<Table> =>
    run(names, db, statement, 'array').then((result) => ({
      columns: (result.fields ?? []).map((field) => field.name),
      rows: result.rows as unknown as unknown[][],
    }));
}

function run(names: StatementNames, db: Knex, statement: Statement, rowMode: 'array' | undefined): Promise<Result> {
  return withConnection(db, (connection: RawConnection) => {
    // Who listens to knex's queries (tests counting them, a debug log, the write count) hears this one.
    announce(db, connection, statement, isPlainRead(statement.sql) ? 'select' : 'raw');
    const config: QueryConfig = { text: statement.sql, values: statement.bindings as unknown[], types: ENGINE_READ_TYPES };
    if (rowMode) config.rowMode = rowMode;
    if (connection[KEEPS_STATEMENTS] === true && config.values.length <= MAX_NAMED_VALUES) {
      const name = names(config.text);
      if (name !== undefined) config.name = name;
    }
    return send(connection, config);
  });
}

/**
 * The statement on the connection, by pg's callback (its promise form adds a promise and a handler of its own to
 * every statement). A named statement whose plan went stale is prepared again once.
 */
function send(connection: RawConnection, config: QueryConfig): Promise<Result> {
  return new Promise((resolve, reject) => {
    connection.query(config, (error, result) => {
      if (!error) resolve(result as Result);
      else if (config.name !== undefined && isStalePlan(error)) resolve(prepareAgain(connection, config, config.name));
      else reject(error);
    });
  });
}

/** One statement by pg's callback, without send's second chance. */
function query(connection: RawConnection, config: QueryConfig): Promise<Result> {
  return new Promise((resolve, reject) => connection.query(config, (error, result) => (error ? reject(error) : resolve(result as Result))));
}

/** A column's type changed under a prepared statement: prepare it again on this connection. */
async function prepareAgain(connection: RawConnection, config: QueryConfig, name: string): Promise<Result> {
  await query(connection, { text: `DEALLOCATE ${name}`, values: [] });
  delete connection.connection?.parsedStatements?.[name];
  return query(connection, config);
}

/** PostgreSQL's "cached plan must not change result type" (after ALTER TABLE changed a column's type). */
function isStalePlan(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan');
}
