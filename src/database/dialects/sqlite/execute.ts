import type { Knex } from 'knex';
import { announce, withConnection } from '../../execute/knex-connection.js';
import type { Row, Statement } from '../../execute/statement.js';

type RawStatement = { reader: boolean; all(bindings: unknown[]): unknown[]; run(bindings: unknown[]): unknown };
type RawConnection = { prepare(sql: string): RawStatement };

/**
 * SQLite's executor (Dialect.execute, decision 0049): the statement on the one connection (a transaction's, when
 * `db` is one: it holds that connection), without knex's runner (query events, uids, response processing). The
 * statement comes from the connection's cache (knex-config.ts), bindings are formatted the way knex's
 * better-sqlite3 client formats them. A statement that returns no rows runs and answers [].
 */
export function execute(db: Knex, statement: Statement): Promise<Row[]> {
  return withConnection(db, (connection: RawConnection) => run(db, connection, statement));
}

function run(db: Knex, connection: RawConnection, statement: Statement): Row[] {
  const prepared = connection.prepare(statement.sql);
  // Who listens to knex's queries (tests counting them, a debug log) hears this one.
  announce(db, connection, statement, prepared.reader ? 'select' : 'raw');
  const bindings = statement.bindings.map(formatBinding);
  if (prepared.reader) return prepared.all(bindings) as Row[];
  prepared.run(bindings);
  return [];
}

/** Runs `statement` on `db`'s connection without telling knex's listeners: no statement of the request's own. */
export function executeUnheard(db: Knex, statement: Statement): Promise<Row[]> {
  return withConnection(
    db,
    (connection: RawConnection) => connection.prepare(statement.sql).all(statement.bindings.map(formatBinding)) as Row[],
  );
}

function formatBinding(binding: unknown): unknown {
  if (binding instanceof Date) return binding.valueOf();
  if (typeof binding === 'boolean') return Number(binding);
  return binding;
}
