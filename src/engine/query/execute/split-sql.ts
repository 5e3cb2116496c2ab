import type { Sql } from '../compile/sql.js';

/**
 * A fragment's bindings sorted as knex reads its text (the same pattern as knex's raw): `??` an identifier,
 * `?` a value, `\?` a question mark. Null when the counts don't add up (knex would refuse it anyway).
 */
export function splitSql(sql: Sql): { identifiers: unknown[]; values: unknown[]; at: number[] } | null {
  const identifiers: unknown[] = [];
  const values: unknown[] = [];
  const at: number[] = [];
  let index = 0;
  for (const match of sql.sql.matchAll(/\\?\?\??/g)) {
    if (match[0] === '\\?') continue;
    if (index >= sql.bindings.length) return null;
    if (match[0] === '??') identifiers.push(sql.bindings[index]);
    else {
      values.push(sql.bindings[index]);
      at.push(index);
    }
    index++;
  }
  return index === sql.bindings.length ? { identifiers, values, at } : null;
}
