import type { Knex } from 'knex';
import { announce, withFreeConnection } from '../../execute/knex-connection.js';
import type { Row, Statement, Table } from '../../execute/statement.js';

type RawStatement = {
  reader: boolean;
  all(bindings: unknown[]): unknown[];
  run(bindings: unknown[]): unknown;
  raw(toggle: boolean): RawStatement;
  columns(): { name: string }[];
};
type RawConnection = { prepare(sql: string): RawStatement };

/**
 * SQLite's executor (Dialect.execute, decision 0049): the statement on the one connection (a transaction's, when
 * `db` is one: it holds that connection), without knex's runner (query events, uids, response processing). The
 * statement comes from the connection's cache (knex-config.ts), bindings are formatted the way knex's
 * better-sqlite3 client formats them. A statement that returns no rows runs and answers []. The connection is
 * taken at once when it is free (withFreeConnection): the statement runs synchronously.
 */
export function execute(db: Knex, statement: Statement): Promise<Row[]> {
  return withFreeConnection(db, (connection: RawConnection) => run(db, connection, statement));
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

/**
 * `execute` for rows taken by position (Dialect.executeTable): better-sqlite3's raw mode gives each row as an array,
 * not an object. The statement is the connection's cached one, so raw mode is switched off again before it goes
 * back (the call is synchronous: no other read sees it in between).
 */
export function executeTable(db: Knex, statement: Statement): Promise<Table> {
  return withFreeConnection(db, (connection: RawConnection): Table => {
    const prepared = connection.prepare(statement.sql);
    announce(db, connection, statement, prepared.reader ? 'select' : 'raw');
    const bindings = statement.bindings.map(formatBinding);
    if (!prepared.reader) {
      prepared.run(bindings);
      return { columns: [], rows: [] };
    }
    prepared.raw(true);
    try {
      return { columns: prepared.columns().map((c) => c.name), rows: prepared.all(bindings) as unknown[][] };
    } finally {
      prepared.raw(false);
    }
  });
}

/** Runs `statement` on `db`'s connection without telling knex's listeners: no statement of the request's own. */
export function executeUnheard(db: Knex, statement: Statement): Promise<Row[]> {
  return withFreeConnection(
    db,
    (connection: RawConnection) => connection.prepare(statement.sql).all(statement.bindings.map(formatBinding)) as Row[],
  );
}

function formatBinding(binding: unknown): unknown {
  if (binding instanceof Date) return binding.valueOf();
  if (typeof binding === 'boolean') return Number(binding);
  return binding;
}
