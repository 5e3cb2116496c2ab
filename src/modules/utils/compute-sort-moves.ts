import { forbidden } from '../../kernel/errors/index.js';

export type SortRow = { key: string | number; sort: number | null };
export type SortMove = { key: string | number; sort: number };

/**
 * The sort values to write so that `item` takes the place of `to` (Directus's `/utils/sort` semantics), given
 * every row of the collection in its current order (by sort value, then key; rows without a value last):
 *
 * 1. rows without a sort value get the next values after the largest one, in the order given;
 * 2. if two rows then share a value, every row is numbered 1…n in that order;
 * 3. `item` takes `to`'s value; the rows between them move one place towards `item`'s old place.
 *
 * Returns only the rows whose value changes. An `item` or `to` that is not among the rows is 403 FORBIDDEN
 * (a missing item and a forbidden one look the same).
 */
export function computeSortMoves(rows: SortRow[], item: string | number, to: string | number): SortMove[] {
  const ordered = [...rows.filter((r) => r.sort !== null), ...rows.filter((r) => r.sort === null)];
  const values = new Map<string, number>();
  let last = Math.max(0, ...ordered.filter((r) => r.sort !== null).map((r) => r.sort!));
  for (const row of ordered) values.set(String(row.key), row.sort ?? ++last);
  if (new Set(values.values()).size !== values.size) ordered.forEach((row, i) => values.set(String(row.key), i + 1));

  const source = values.get(String(item));
  const target = values.get(String(to));
  if (source === undefined || target === undefined) throw forbidden();
  if (source < target) {
    for (const [key, value] of values) if (value > source && value <= target) values.set(key, value - 1);
  } else if (source > target) {
    for (const [key, value] of values) if (value >= target && value < source) values.set(key, value + 1);
  }
  values.set(String(item), target);

  return ordered
    .filter((row) => values.get(String(row.key)) !== row.sort)
    .map((row) => ({ key: row.key, sort: values.get(String(row.key))! }));
}
