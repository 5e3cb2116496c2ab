import type { Knex } from 'knex';
import { ENGINE_READ_TYPES, KEEPS_STATEMENTS } from './knex-config.js';

type QueryConfig = { text: string; values: unknown[]; name?: string; types?: unknown };
type Result = { rows: Record<string, unknown>[] };
type RawConnection = {
  query(config: QueryConfig | string): Promise<Result>;
  /** pg's record of the statements this connection has prepared, by name. */
  connection?: { parsedStatements?: Record<string, string> };
  [KEEPS_STATEMENTS]?: boolean;
};
type PoolClient = { acquireConnection(): Promise<RawConnection>; releaseConnection(connection: RawConnection): Promise<unknown> };

/** Most statements one process names; beyond them, reads run unnamed (correct, only slower). */
const MAX_NAMED = 500;
/** Texts seen once, waiting for a second sighting before they are named; cleared when it grows past this. */
const MAX_SIGHTINGS = 2_000;

/**
 * Reads with more values than this run unnamed: they are key lists (`id IN ($1 … $100)`, a batch read back), whose
 * plans PostgreSQL should make for the values at hand. Named, the batch read-back of a quickly growing table ran
 * 4× slower (bench/RESULTS.md, 2026-11-26).
 */
const MAX_NAMED_VALUES = 16;

const names = new Map<string, string>();
const sightings = new Set<string>();

/**
 * The statement name for a query text seen at least twice (so one-off texts, hostile ones included, are not
 * kept on the server), while fewer than MAX_NAMED texts are named. A name is never given to another text.
 */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined || names.size >= MAX_NAMED) return known;
  if (!sightings.has(text)) {
    if (sightings.size >= MAX_SIGHTINGS) sightings.clear();
    sightings.add(text);
    return undefined;
  }
  sightings.delete(text);
  const name = `stratum_${names.size + 1}`;
  names.set(text, name);
  return name;
}

/**
 * A read on a pooled pg connection without knex's runner (query events, uids, response processing, the
 * promise chain around them): `sql` is already in pg's `$n` form (toNative), the values go to pg as knex
 * would pass them. A text read often runs as a named prepared statement, so PostgreSQL parses and plans it
 * once per connection (DB_PREPARED_STATEMENTS). Inside a transaction it declines, and the caller runs the
 * query through knex. The connection's error listeners are knex's own, so a broken connection is still
 * dropped from the pool.
 */
export function readDirect(knex: Knex, sql: string, bindings: readonly unknown[]): Promise<Record<string, unknown>[]> | undefined {
  if (knex.isTransaction) return undefined;
  // Who listens to knex's queries (tests counting them, a debug log) still hears this one.
  if (knex.listenerCount('query') > 0) knex.emit('query', { sql, bindings, method: 'select' });
  return run(knex.client as PoolClient, sql, bindings as unknown[]);
}

async function run(client: PoolClient, text: string, values: unknown[]): Promise<Record<string, unknown>[]> {
  const connection = await client.acquireConnection();
  try {
    const name = connection[KEEPS_STATEMENTS] === true && values.length <= MAX_NAMED_VALUES ? statementName(text) : undefined;
    if (name === undefined) return (await connection.query({ text, values, types: ENGINE_READ_TYPES })).rows;
    try {
      return (await connection.query({ name, text, values, types: ENGINE_READ_TYPES })).rows;
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      // A column's type changed under a prepared statement: prepare it again on this connection.
      await connection.query(`DEALLOCATE ${name}`);
      delete connection.connection?.parsedStatements?.[name];
      return (await connection.query({ name, text, values, types: ENGINE_READ_TYPES })).rows;
    }
  } finally {
    await client.releaseConnection(connection);
  }
}

/** PostgreSQL's "cached plan must not change result type" (after ALTER TABLE changed a column's type). */
function isStalePlan(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan');
}
