/**
 * A long `IN` list on SQLite: the values as one JSON array, read back row by row by `json_each` (the column's
 * affinity applies to them as it does to bound values, so `'5'` still matches an integer 5).
 */
export function inList(column: string, values: readonly unknown[], negate: boolean): { sql: string; binding: unknown } {
  return {
    sql: `${column} ${negate ? 'NOT IN' : 'IN'} (SELECT value FROM json_each(?))`,
    binding: JSON.stringify(values, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
  };
}
