import type { Dialect } from '../dialect.js';
import { addColumn } from './add-column.js';
import { connectAdvice, isConflict, isConnectionError, translateError } from './errors.js';
import { withServerLock } from './with-server-lock.js';
import { fieldTypeOf } from './field-type-of.js';
import { dateFunction, ilike, randomOrder } from './functions.js';
import { introspect, listColumns, listForeignKeys, listIndexes, listTables } from './introspection.js';
import { execute, executeTable } from './execute.js';
import { knexConfig } from './knex-config.js';
import { nowDefault } from './now-default.js';
import { prepare } from './prepare.js';
import { fromDatabase, toDatabase } from './values.js';

/** MySQL 8 and MariaDB 10.5+ through mysql2: UTC sessions, strict mode, `datetime(3)` timestamps. */
export function createMysqlDialect(): Dialect {
  return {
    vendor: 'mysql',
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
    castToText: (sql: string) => `CAST(${sql} AS CHAR)`,
    withServerLock,
    schemaTransaction: (knex, work) => knex.transaction(work),
    transactionalDdl: false,
    columnTypeVariants: {},
    supportsReturning: false,
    exactNumbers: { decimalDigits: null, bigIntegers: true },
    maxJsonDepth: 30,
    // AUTO_INCREMENT moves past an explicit value by itself.
    syncAutoIncrement: async () => undefined,
    execute,
    executeTable,
    // No sound token: see dataToken in the Dialect and decision 0049 (every read runs).
    dataToken: () => undefined,
    dataVersionSql: null,
    // mysql2 writes a text statement's values into it: no limit on how many a statement binds.
    inList: null,
    // A limited key list needs a derived table that sees the outer row, which MariaDB does not allow.
    jsonArrayAgg: null,
  };
}
