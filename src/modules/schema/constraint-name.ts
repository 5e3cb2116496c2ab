import { createHash } from 'node:crypto';

const MAX = 60;

/**
 * The name Stratum gives the foreign key constraint of `table.column` (the same rule as the collections
 * module's ddlName: knex's `<table>_<column>_foreign`, shortened with a hash past the vendors' identifier limits).
 */
export function foreignKeyName(table: string, column: string): string {
  const name = `${table}_${column}_foreign`.toLowerCase();
  if (name.length <= MAX) return name;
  const hash = createHash('sha1').update(`${table}\u0000${column}`).digest('hex').slice(0, 8);
  return `${table.slice(0, 20)}_${column.slice(0, 20)}_${hash}_foreign`.toLowerCase();
}
