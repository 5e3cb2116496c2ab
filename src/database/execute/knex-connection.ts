import type { Knex } from 'knex';
import type { Statement } from './statement.js';

/**
 * The only place that reaches into knex's client (decision 0049). knex has no public way to borrow the driver's
 * connection for a statement it did not build, nor to hear when a connection goes back to its pool; the
 * executor needs both: it runs compiled statements on the driver directly (knex's runner costs as much as a
 * small read), and PostgreSQL's data token must hear when this process's writes have answered.
 *
 * `client.acquireConnection` gives a pooled connection, or inside a transaction the transaction's own one
 * (knex's transaction client returns it and makes `releaseConnection` a no-op), so the same code reads inside
 * and outside transactions.
 */
type Client = {
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<unknown>;
  emit(event: string, ...args: unknown[]): boolean;
  /** The dialect's check of a pooled connection before it is handed out (tarn's `validate` calls it). */
  validateConnection?(connection: unknown): unknown;
  pool?: { on(event: 'release', listener: (connection: unknown) => void): void };
};

/** tarn's pool as knex holds it: the free connections, those in use, and the acquires waiting for one. */
type Pool = {
  free?: { resource: unknown }[];
  used?: { resource: unknown }[];
  numPendingAcquires?(): number;
  _startReaping?(): void;
};

/**
 * Runs `work`, which must be synchronous, on a free pooled connection of `db` at once, when one is free (usableFree) and no
 * acquire waits for one: SQLite's statements (better-sqlite3 runs them synchronously on its one connection), which
 * then cost no pool round (a pending operation, its promise, a turn of the queue) at all. Nothing can take the
 * connection while `work` runs, as nothing else runs. Inside a transaction (which holds the connection), while
 * another request holds it, or while one waits for it, it is withConnection's turn: the same order as before.
 */
export function withFreeConnection<C, T>(db: Knex, work: (connection: C) => T): Promise<T> {
  if (db.isTransaction !== true) {
    const free = usableFree(db.client as Client);
    if (free !== undefined) {
      try {
        return Promise.resolve(work(free.resource as C));
      } catch (error) {
        return Promise.reject(error as Error);
      }
    }
  }
  return withConnection(db, work);
}

/**
 * Runs `work` on a driver connection of `db` (a transaction's own one inside it), given back afterwards. Outside
 * a transaction, a connection free in the pool while no acquire waits is taken at once (takeFree), without
 * tarn's acquire; it goes back through the pool's own release either way.
 */
export async function withConnection<C, T>(db: Knex, work: (connection: C) => Promise<T> | T): Promise<T> {
  const client = db.client as Client;
  let connection = (db.isTransaction === true ? undefined : takeFree(client)) as C | undefined;
  if (connection === undefined) {
    connection = (await client.acquireConnection()) as C;
    (connection as { [HANDED_OUT]?: boolean })[HANDED_OUT] = true;
  }
  try {
    return await work(connection);
  } finally {
    await client.releaseConnection(connection);
  }
}

/**
 * Marks a driver connection knex's own acquire has handed out once: knex does its first-time work on it then
 * (it hides the connection settings' password from enumeration), so takeFree takes only such connections.
 */
const HANDED_OUT = Symbol('stratum.handedOutByKnex');

/**
 * The free connection tarn's acquire would give next, when one is free and no acquire waits (so none is
 * overtaken), and tarn's validation would pass it: undefined for a connection knex's acquire has not handed out yet
 * (HANDED_OUT), one knex has marked broken (`__knex__disposed`), and one its dialect's `validateConnection` refuses
 * (a MariaDB connection the server killed while it sat free is marked by mysql2 only: `_fatalError`, a destroyed
 * stream). The caller then acquires as usual, and tarn's acquire replaces a broken connection.
 */
function usableFree(client: Client): { resource: unknown } | undefined {
  const pool = client.pool as Pool | undefined;
  const free = pool?.free;
  if (!free || free.length === 0 || pool.numPendingAcquires?.() !== 0) return undefined;
  const resource = free[free.length - 1]!;
  const connection = resource.resource as { __knex__disposed?: unknown; [HANDED_OUT]?: boolean } | null;
  if (connection?.[HANDED_OUT] !== true || connection.__knex__disposed || client.validateConnection?.(connection) !== true)
    return undefined;
  return resource;
}

/**
 * usableFree's connection, moved to the pool's used ones as tarn's acquire moves it. What this skips is the
 * acquire's bookkeeping: two pending operations, each with its own timer, a promise-wrapped validation, and about a
 * dozen promises (bench/RESULTS.md, session twelve).
 */
function takeFree(client: Client): unknown {
  const pool = client.pool as Pool | undefined;
  const resource = usableFree(client);
  if (!pool?.used || resource === undefined) return undefined;
  pool.free!.pop();
  pool.used.push(resource);
  pool._startReaping?.();
  return resource.resource;
}

/**
 * Tells knex's `query` listeners (tests counting statements, a debug log, PostgreSQL's write count) about a
 * statement the executor runs, in the form knex's runner gives them (`__knexUid`: the connection's id).
 */
export function announce(db: Knex, connection: unknown, statement: Statement, method: string): void {
  const uid = (connection as { __knexUid?: unknown } | null)?.__knexUid;
  (db.client as Client).emit('query', { sql: statement.sql, bindings: statement.bindings, method, __knexUid: uid });
}

/** Calls `listener` with every connection given back to `knex`'s pool (tarn's public `release` event). */
export function onConnectionReleased(knex: Knex, listener: (connection: unknown) => void): void {
  (knex.client as Client).pool?.on('release', listener);
}
