import type { DbClient } from '../../config/index.js';
import type { Dialect } from './dialect.js';
import { createMysqlDialect } from './mysql/index.js';
import { createPostgresDialect } from './postgres/index.js';
import { createSqliteDialect } from './sqlite/index.js';

export type { ColumnDefinition, ColumnInfo, DateFunction, Dialect, ForeignKeyInfo, IndexInfo, Vendor } from './dialect.js';

/** The dialect for a configured client (`DB_CLIENT`, already normalised by the config loader). */
export function getDialect(client: DbClient): Dialect {
  switch (client) {
    case 'sqlite3':
      return createSqliteDialect();
    case 'pg':
      return createPostgresDialect();
    case 'mysql':
      return createMysqlDialect();
  }
}
