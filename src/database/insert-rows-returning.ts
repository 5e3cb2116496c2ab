import type { Knex } from 'knex';
import type { Dialect } from './dialects/dialect.js';

/** Bound parameters per statement: below SQLite's 32,766 and PostgreSQL's 65,535. */
const MAX_BINDINGS = 30_000;
/** Rows per statement: knex writes SQLite's multi-row INSERT as a compound SELECT, limited to 500 terms. */
const MAX_ROWS = 500;

export type InsertReturning = {
  /** The key column: its value comes back for every row. */
  key: string;
  /** More columns to return where the dialect has RETURNING (e.g. every column, for a revision). */
  columns?: readonly string[];
  /** Runs after each statement that wrote given keys (to move an auto-increment counter past them). */
  afterGivenKeys?: () => Promise<void>;
};

/**
 * Inserts rows and returns, in the order of `rows`, what the database returned for each: the key, plus
 * `columns` where the dialect has `INSERT … RETURNING` (PostgreSQL, SQLite).
 *
 * There, consecutive rows with the same columns go in one multi-row statement per chunk: one round trip
 * instead of one per row, which is most of a batch write's time on a server database. Rows that name the key
 * are matched back by its value. For the others the key must be auto-incremented: the rows of one statement
 * are inserted in the order of their VALUES, so the keys it returns, sorted ascending, belong to the rows in
 * that order. Elsewhere (MySQL/MariaDB without RETURNING), one statement per row, each answering its insert id.
 */
export async function insertRowsReturning(
  db: Knex,
  dialect: Dialect,
  table: string,
  rows: readonly Record<string, unknown>[],
  options: InsertReturning,
): Promise<Record<string, unknown>[]> {
  const { key, afterGivenKeys } = options;
  const returning = [...new Set([key, ...(options.columns ?? [])])];
  if (!dialect.supportsReturning) return insertOneByOne(db, table, rows, key, afterGivenKeys);
  const out = new Array<Record<string, unknown>>(rows.length);
  for (const group of groupByColumns(rows)) {
    const first = rows[group[0]!]!;
    const size = Math.min(MAX_ROWS, Math.max(1, Math.floor(MAX_BINDINGS / Math.max(1, Object.keys(first).length))));
    let wroteGivenKeys = false;
    for (let start = 0; start < group.length; start += size) {
      const indexes = group.slice(start, start + size);
      const returned = (await db(table)
        .insert(indexes.length === 1 ? rows[indexes[0]!]! : indexes.map((i) => rows[i]!))
        .returning(returning)) as Record<string, unknown>[];
      if (returned.length !== indexes.length)
        throw new Error(`INSERT into ${table} returned ${returned.length} rows for ${indexes.length}`);
      const byKey = new Map(returned.map((row) => [String(row[key]), row]));
      const claimed = new Set<Record<string, unknown>>();
      for (const rowIndex of indexes) {
        if (!isGiven(rows[rowIndex]![key])) continue;
        wroteGivenKeys = true;
        const row = byKey.get(String(rows[rowIndex]![key])) ?? { [key]: rows[rowIndex]![key] };
        claimed.add(row);
        out[rowIndex] = row;
      }
      const automatic = returned.filter((row) => !claimed.has(row)).sort((a, b) => Number(a[key]) - Number(b[key]));
      for (const rowIndex of indexes) if (!isGiven(rows[rowIndex]![key])) out[rowIndex] = automatic.shift()!;
    }
    if (wroteGivenKeys && afterGivenKeys) await afterGivenKeys();
  }
  return out;
}

/** Without RETURNING: one INSERT per row; the key is the given one or the insert id the driver reports. */
async function insertOneByOne(
  db: Knex,
  table: string,
  rows: readonly Record<string, unknown>[],
  key: string,
  afterGivenKeys?: () => Promise<void>,
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (const row of rows) {
    const [insertId] = (await db(table).insert(row)) as unknown[];
    const given = isGiven(row[key]);
    out.push({ [key]: given ? row[key] : insertId });
    if (given && afterGivenKeys) await afterGivenKeys();
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

function isGiven(value: unknown): boolean {
  return value !== undefined && value !== null;
}
