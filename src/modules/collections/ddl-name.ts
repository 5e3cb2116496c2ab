import { createHash } from 'node:crypto';

const MAX = 60;

/**
 * The name of an index or constraint: knex's `<table>_<column>_<suffix>` (which error translation reads the
 * field from), shortened with a hash when it would pass the vendors' identifier limits (63/64).
 */
export function ddlName(table: string, column: string, suffix: 'unique' | 'index' | 'foreign'): string {
  const name = `${table}_${column}_${suffix}`.toLowerCase();
  if (name.length <= MAX) return name;
  const hash = createHash('sha1').update(`${table}\u0000${column}`).digest('hex').slice(0, 8);
  return `${table.slice(0, 20)}_${column.slice(0, 20)}_${hash}_${suffix}`.toLowerCase();
}
