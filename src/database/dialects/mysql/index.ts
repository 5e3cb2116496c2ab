import type { Dialect } from '../dialect.js';
import { addColumn } from './add-column.js';
import { isConflict, isConnectionError, translateError } from './errors.js';
import { withServerLock } from './with-server-lock.js';
import { fieldTypeOf } from './field-type-of.js';
import { dateFunction, ilike, randomOrder } from './functions.js';
import { introspect, listColumns, listForeignKeys, listIndexes, listTables } from './introspection.js';
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
    isConflict,
    castToText: (sql: string) => `CAST(${sql} AS CHAR)`,
    withServerLock,
    transactionalDdl: false,
    columnTypeVariants: {},
    supportsReturning: false,
    exactNumbers: { decimalDigits: null, bigIntegers: true },
    maxJsonDepth: 30,
  };
}
