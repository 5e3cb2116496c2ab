import type { Knex } from 'knex';
import { onConnectionReleased } from '../../execute/knex-connection.js';
import { isPlainRead } from '../../execute/statement.js';

/**
 * PostgreSQL's data token (Dialect.dataToken, decision 0033). The cache versions' read at the start of every
 * request also reads `pg_current_snapshot()`: the snapshot is the same text at two moments only if no
 * transaction that wrote anything committed in between, on any connection of the server. What this process
 * itself writes after that read is counted here instead (one count per app instance, its dialect's): every
 * statement that is not a plain `select` (writes, `BEGIN`, `COMMIT` …) raises the count when it is sent (knex's
 * public `query` event, which the executor raises too), and again when its connection goes back to the pool,
 * which is after it answered (a transaction's connection after its COMMIT), so a result read before a commit of
 * this process has finished is never taken for one read after it.
 */
export type WriteCount = {
  /** The count now. */
  readonly value: number;
  /** Starts counting `knex`'s statements (Dialect.prepare, once per knex instance). */
  listen(knex: Knex): void;
};

export function createWriteCount(): WriteCount {
  let writes = 0;
  /** Connections (knex's `__knexUid`) that sent a statement other than a plain read since they were taken. */
  const writing = new Set<unknown>();
  const heard = new WeakSet<Knex>();
  return {
    get value() {
      return writes;
    },
    listen(knex) {
      if (heard.has(knex)) return;
      heard.add(knex);
      knex.on('query', (query: { sql?: unknown; __knexUid?: unknown }) => {
        if (typeof query.sql === 'string' && isPlainRead(query.sql)) return;
        writes += 1;
        writing.add(query.__knexUid);
      });
      onConnectionReleased(knex, (connection) => {
        const uid = (connection as { __knexUid?: unknown }).__knexUid;
        // A statement heard without its connection's id counts at the next release of any connection.
        if (writing.delete(uid) || writing.delete(undefined)) writes += 1;
      });
    },
  };
}

/**
 * The token: the snapshot read when the request started and this process's write count now; undefined when
 * the request read no snapshot (outside requests), or inside a transaction, whose own changes are not committed
 * (a result read there is never reused).
 */
export function dataToken(count: WriteCount, db: Knex, known: string | undefined): string | undefined {
  return known === undefined || db.isTransaction === true ? undefined : `${known}/${count.value}`;
}

/** The snapshot, read with the cache versions on every request. */
export const DATA_VERSION_SQL = 'pg_current_snapshot()::text';
