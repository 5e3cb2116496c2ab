import type { Knex } from 'knex';
import type { Dialect } from '../dialects/dialect.js';
import type { SystemTable } from '../../kernel/system/system-tables.js';

/**
 * Creates one table from its declaration through the dialect's column DDL, so the declaration itself is
 * vendor-neutral. Indexes are declared before foreign keys, so MySQL reuses them instead of adding its own.
 */
export async function createSystemTable(knex: Knex, dialect: Dialect, spec: SystemTable): Promise<void> {
  await knex.schema.createTable(spec.name, (table) => {
    for (const column of spec.columns) {
      const builder = dialect.addColumn(table, column, knex);
      if (column.defaultNow) builder.defaultTo(dialect.nowDefault(knex));
    }
    for (const columns of spec.uniques ?? []) table.unique(columns);
    for (const columns of spec.indexes ?? []) table.index(columns);
    for (const column of spec.columns) {
      if (!column.references) continue;
      const { table: target, column: targetColumn = 'id', onDelete } = column.references;
      table.foreign(column.name).references(targetColumn).inTable(target).onDelete(onDelete);
    }
  });
}
