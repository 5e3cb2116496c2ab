import type { Knex } from 'knex';
import type { Dialect } from './dialects/dialect.js';

/** Bound parameters per statement: below SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_BINDINGS = 30_000;

/**
 * Inserts rows and returns the value of `column` for each, in the order of `rows`.
 *
 * Where the dialect has `INSERT … RETURNING` (PostgreSQL, SQLite), rows with the same columns go in one
 * multi-row statement per chunk: one round trip instead of one per row, which is most of a batch write's time
 * on a server database (consecutive rows with the same columns share a statement). Rows that name `column` get their own value back. For the others `column` must be
 * auto-incremented: the rows of one statement are inserted in the order of their VALUES, so the values it
 * returns, sorted ascending, belong to the rows in that order. `afterGivenKeys` runs after each statement
 * that wrote given keys (to move an auto-increment counter past them before the next rows). Elsewhere (MySQL/MariaDB without RETURNING), one
 * statement per row, each answering its insert id.
 */
export async function insertRowsReturning(
  db: Knex,
  dialect: Dialect,
  table: string,
  rows: readonly Record<string, unknown>[],
  column: string,
  afterGivenKeys?: () => Promise<void>,
): Promise<unknown[]> {
  if (!dialect.supportsReturning || rows.length === 1) return insertOneByOne(db, dialect, table, rows, column, afterGivenKeys);
  const out = new Array<unknown>(rows.length);
  for (const group of groupByColumns(rows)) {
    const first = rows[group[0]!]!;
    const given = Object.hasOwn(first, column);
    const size = Math.max(1, Math.floor(MAX_BINDINGS / Math.max(1, Object.keys(first).length)));
    for (let start = 0; start < group.length; start += size) {
      const indexes = group.slice(start, start + size);
      const returned = ((await db(table).insert(indexes.map((i) => rows[i]!)).returning(column)) as Record<string, unknown>[]).map((r) => r[column]);
      if (returned.length !== indexes.length) throw new Error(`INSERT into ${table} returned ${returned.length} rows for ${indexes.length}`);
      if (!given) returned.sort((a, b) => Number(a) - Number(b));
      indexes.forEach((rowIndex, i) => (out[rowIndex] = given ? rows[rowIndex]![column] : returned[i]));
    }
    if (given && afterGivenKeys) await afterGivenKeys();
  }
  return out;
}

async function insertOneByOne(
  db: Knex,
  dialect: Dialect,
  table: string,
  rows: readonly Record<string, unknown>[],
  column: string,
  afterGivenKeys?: () => Promise<void>,
): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const row of rows) {
    const query = db(table).insert(row);
    const result = (await (dialect.supportsReturning ? query.returning(column) : query)) as unknown[];
    const first = result[0];
    out.push(first && typeof first === 'object' ? (first as Record<string, unknown>)[column] : first);
    if (Object.hasOwn(row, column) && afterGivenKeys) await afterGivenKeys();
  }
  return out;
}

/**
 * Row indexes in runs of consecutive rows with the same column names (a multi-row INSERT names one column list
 * for all its rows). Only neighbours are joined, so rows are still inserted in their order and automatic keys
 * grow in that order.
 */
function groupByColumns(rows: readonly Record<string, unknown>[]): number[][] {
  const runs: number[][] = [];
  let previous: string | undefined;
  rows.forEach((row, i) => {
    const key = Object.keys(row).sort().join('\u0000');
    if (key === previous) runs.at(-1)!.push(i);
    else runs.push([i]);
    previous = key;
  });
  return runs;
}
