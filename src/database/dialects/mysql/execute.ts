import type { Knex } from 'knex';
import { announce, withConnection } from '../../execute/knex-connection.js';
import { isPlainRead, type Row, type Statement, type Table } from '../../execute/statement.js';

type Callback = (error: Error | null, result: unknown, fields?: { name: string }[]) => void;
type Options = { sql: string; rowsAsArray?: boolean };
type RawConnection = {
  query(options: Options, values: unknown[], callback: Callback): void;
  execute(options: Options, values: unknown[], callback: Callback): void;
};

/**
 * Statements with more values than this are sent as text (mysql2 writes the values in): they are key lists
 * (`id IN (? … ?)`), one text per length, which would fill the connection's prepared statements for one use.
 */
const MAX_PREPARED_VALUES = 16;

/**
 * MariaDB/MySQL's executor (Dialect.execute, decision 0049): the statement on a pooled mysql2 connection, or
 * the transaction's own, without knex's runner. A statement with few values runs as a server-side prepared
 * statement (mysql2's `execute`, which keeps it per connection, knex-config.ts bounds how many), so the server
 * parses it once per connection; the binary protocol gives the same values as the text one (tests/dialects).
 */
export function execute(db: Knex, statement: Statement): Promise<Row[]> {
  return run(db, statement, false).then(({ rows }) => (Array.isArray(rows) ? (rows as Row[]) : []));
}

/** `execute` for rows taken by position (Dialect.executeTable): mysql2's array rows, not an object per row. */
export function executeTable(db: Knex, statement: Statement): Promise<Table> {
  return run(db, statement, true).then(({ rows, fields }) =>
    Array.isArray(rows) ? { columns: (fields ?? []).map((field) => field.name), rows: rows as unknown[][] } : { columns: [], rows: [] },
  );
}

function run(db: Knex, statement: Statement, rowsAsArray: boolean): Promise<{ rows: unknown; fields?: { name: string }[] }> {
  return withConnection(db, (connection: RawConnection) => {
    const read = isPlainRead(statement.sql);
    announce(db, connection, statement, read ? 'select' : 'raw');
    const values = statement.bindings as unknown[];
    const prepared = values.length <= MAX_PREPARED_VALUES && values.every((value) => value !== undefined);
    const options: Options = rowsAsArray ? { sql: statement.sql, rowsAsArray } : { sql: statement.sql };
    return new Promise((resolve, reject) => {
      const answer: Callback = (error, rows, fields) => (error ? reject(error) : resolve(fields ? { rows, fields } : { rows }));
      if (prepared) connection.execute(options, values, answer);
      else connection.query(options, values, answer);
    });
  });
}
