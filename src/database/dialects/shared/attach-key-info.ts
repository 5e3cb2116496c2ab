import type { ColumnInfo, ForeignKeyInfo, IndexInfo } from '../dialect.js';

/**
 * Fills the key facts of each column from the table's indexes and foreign keys, the same way on every
 * vendor: primary key, `isUnique` (a single-column unique index or constraint that is not the primary key),
 * `isIndexed` (any single-column index that is not the primary key) and the foreign key target.
 */
export function attachKeyInfo(columns: ColumnInfo[], indexes: IndexInfo[], foreignKeys: ForeignKeyInfo[]): ColumnInfo[] {
  const key = (table: string, column: string) => `${table}\u0000${column}`;
  const primary = new Set<string>();
  const indexed = new Set<string>();
  const unique = new Set<string>();
  for (const index of indexes) {
    if (index.primary) {
      for (const column of index.columns) primary.add(key(index.table, column));
    } else if (index.columns.length === 1) {
      const column = key(index.table, index.columns[0]!);
      indexed.add(column);
      if (index.unique) unique.add(column);
    }
  }
  // The first key of a column wins, as listed.
  const foreignKeyOf = new Map<string, ForeignKeyInfo>();
  for (const foreignKey of foreignKeys) {
    const column = key(foreignKey.table, foreignKey.column);
    if (!foreignKeyOf.has(column)) foreignKeyOf.set(column, foreignKey);
  }
  return columns.map((column) => {
    const own = key(column.table, column.name);
    const foreignKey = foreignKeyOf.get(own);
    return {
      ...column,
      isPrimaryKey: column.isPrimaryKey || primary.has(own),
      isUnique: unique.has(own),
      isIndexed: indexed.has(own),
      foreignKeyTable: foreignKey?.foreignKeyTable ?? null,
      foreignKeyColumn: foreignKey?.foreignKeyColumn ?? null,
    };
  });
}
