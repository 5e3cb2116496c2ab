import type { Knex } from 'knex';
import { announce, withConnection } from '../../execute/knex-connection.js';
import { isPlainRead, type Row, type Statement } from '../../execute/statement.js';

type Callback = (error: Error | null, result: unknown) => void;
type RawConnection = {
  query(sql: string, values: unknown[], callback: Callback): void;
  execute(sql: string, values: unknown[], callback: Callback): void;
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
  return withConnection(db, (connection: RawConnection) => {
    const read = isPlainRead(statement.sql);
    announce(db, connection, statement, read ? 'select' : 'raw');
    const values = statement.bindings as unknown[];
    const prepared = values.length <= MAX_PREPARED_VALUES && values.every((value) => value !== undefined);
    return new Promise<Row[]>((resolve, reject) => {
      const answer: Callback = (error, result) => (error ? reject(error) : resolve(Array.isArray(result) ? (result as Row[]) : []));
      if (prepared) connection.execute(statement.sql, values, answer);
      else connection.query(statement.sql, values, answer);
    });
  });
}
