import type { Knex } from 'knex';
import type { ColumnDefinition, Dialect } from '../dialects/dialect.js';

/** A column of a system table: a dialect column definition plus "defaults to now" and a foreign key. */
export type SystemColumn = ColumnDefinition & {
  defaultNow?: boolean;
  references?: { table: string; column?: string; onDelete: 'CASCADE' | 'SET NULL' };
};

export type SystemTable = {
  name: string;
  columns: SystemColumn[];
  /** Plain indexes, each a list of columns. */
  indexes?: string[][];
  /** Multi-column unique constraints (single-column ones are `unique: true` on the column). */
  uniques?: string[][];
};

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
