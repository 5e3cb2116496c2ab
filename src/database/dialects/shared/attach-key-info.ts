import type { ColumnInfo, ForeignKeyInfo, IndexInfo } from '../dialect.js';

/**
 * Fills the key facts of each column from the table's indexes and foreign keys, the same way on every
 * vendor: primary key, `isUnique` (a single-column unique index or constraint that is not the primary key),
 * `isIndexed` (any single-column index that is not the primary key) and the foreign key target.
 */
export function attachKeyInfo(columns: ColumnInfo[], indexes: IndexInfo[], foreignKeys: ForeignKeyInfo[]): ColumnInfo[] {
  return columns.map((column) => {
    const own = indexes.filter((index) => index.table === column.table);
    const single = own.filter((index) => !index.primary && index.columns.length === 1 && index.columns[0] === column.name);
    const primary = own.some((index) => index.primary && index.columns.includes(column.name));
    const foreignKey = foreignKeys.find((fk) => fk.table === column.table && fk.column === column.name);
    return {
      ...column,
      isPrimaryKey: column.isPrimaryKey || primary,
      isUnique: single.some((index) => index.unique),
      isIndexed: single.length > 0,
      foreignKeyTable: foreignKey?.foreignKeyTable ?? null,
      foreignKeyColumn: foreignKey?.foreignKeyColumn ?? null,
    };
  });
}
