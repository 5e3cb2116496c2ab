import type { Dialect } from '../dialect.js';
import { dataToken } from './data-token.js';
import { addColumn, SQLITE_COLUMN_TYPE_VARIANTS } from './add-column.js';
import { connectAdvice, isConflict, isConnectionError, translateError } from './errors.js';
import { fieldTypeOf } from './field-type-of.js';
import { dateFunction, ilike, randomOrder } from './functions.js';
import { inList } from './in-list.js';
import { introspect, listColumns, listForeignKeys, listIndexes, listTables } from './introspection.js';
import { knexConfig } from './knex-config.js';
import { nowDefault } from './now-default.js';
import { prepare } from './prepare.js';
import { execute, executeTable } from './execute.js';
import { schemaTransaction } from './schema-transaction.js';
import { fromDatabase, toDatabase } from './values.js';

/** SQLite through better-sqlite3: one connection, WAL, enforced foreign keys, dates as ISO text. */
export function createSqliteDialect(): Dialect {
  return {
    vendor: 'sqlite',
    knexConfig,
    prepare,
    fieldTypeOf,
    addColumn,
    nowDefault,
    toDatabase,
    fromDatabase,
    ilike,
    dateFunction,
    randomOrder,
    listTables,
    listColumns,
    listForeignKeys,
    listIndexes,
    introspect,
    translateError,
    isConnectionError,
    connectAdvice,
    isConflict,
    castToText: (sql: string) => `CAST(${sql} AS TEXT)`,
    schemaTransaction,
    // One process owns the file: nothing to lock between instances.
    withServerLock: (_knex, _name, work) => work(),
    transactionalDdl: true,
    columnTypeVariants: SQLITE_COLUMN_TYPE_VARIANTS,
    supportsReturning: true,
    // NUMERIC affinity turns decimal text into an 8-byte float (15 significant digits); big integers are stored
    // exactly but better-sqlite3 reads them as JS numbers.
    exactNumbers: { decimalDigits: 15, bigIntegers: false },
    maxJsonDepth: undefined,
    // A rowid or AUTOINCREMENT counter moves past an explicit value by itself.
    syncAutoIncrement: async () => undefined,
    execute,
    executeTable,
    inList,
    dataToken,
    dataVersionSql: null,
    // Aggregates with ORDER BY: SQLite 3.44 (better-sqlite3 bundles a newer one).
    jsonArrayAgg: (expression: string, orderBy: string) => `json_group_array(${expression} ORDER BY ${orderBy})`,
  };
}
