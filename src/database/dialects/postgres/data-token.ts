/**
 * PostgreSQL's data token (Dialect.dataToken, decision 0033). The cache versions' read at the start of every
 * request also reads `pg_current_snapshot()`: the snapshot is the same text at two moments only if no
 * transaction that wrote anything committed in between, on any connection of the server. What this process
 * itself writes after that read is counted here instead: every statement on a pooled connection that is not a
 * plain `select` (writes, `BEGIN`, `COMMIT` …) raises the count when it is sent and again when it has answered,
 * so a result read before a commit of this process has finished is never taken for one read after it.
 */
let writes = 0;

/** The snapshot read when the request started and this process's write count now. */
export function dataToken(_knex: unknown, known: string | undefined): string | undefined {
  return known === undefined ? undefined : `${known}/${writes}`;
}

/** The snapshot, read with the cache versions on every request. */
export const DATA_VERSION_SQL = 'pg_current_snapshot()::text';

type QueryArgument = string | { text?: unknown } | undefined;
type Queryable = { query(...args: unknown[]): unknown };

const PLAIN_READ = /^\s*select\s/i;

/** Makes `connection` count its writes (knex-config.ts, for every pooled connection). */
export function countWrites(connection: Queryable): void {
  const query = connection.query;
  connection.query = function countingQuery(this: Queryable, ...args: unknown[]): unknown {
    const first = args[0] as QueryArgument;
    const text = typeof first === 'string' ? first : first?.text;
    if (typeof text === 'string' && PLAIN_READ.test(text)) return query.apply(this, args);
    writes += 1;
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        writes += 1;
        return (callback as (...values: unknown[]) => unknown)(...results);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args) as { once?: unknown } | undefined;
    if (result !== undefined && typeof result.once === 'function') {
      // A submittable (a cursor, a stream): it answers through events.
      const emitter = result as { once(event: string, listener: () => void): void };
      const answered = () => {
        writes += 1;
      };
      emitter.once('end', answered);
      emitter.once('error', answered);
      return result;
    }
    if (result instanceof Promise) {
      return result.then(
        (value: unknown) => {
          writes += 1;
          return value;
        },
        (error: unknown) => {
          writes += 1;
          throw error;
        },
      );
    }
    return result;
  };
}
