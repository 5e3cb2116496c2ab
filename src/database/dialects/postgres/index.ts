import type { Dialect } from '../dialect.js';
import { createWriteCount, dataToken, DATA_VERSION_SQL } from './data-token.js';
import { addColumn, POSTGRES_COLUMN_TYPE_VARIANTS } from './add-column.js';
import { connectAdvice, isConflict, isConnectionError, translateError } from './errors.js';
import { withServerLock } from './with-server-lock.js';
import { fieldTypeOf } from './field-type-of.js';
import { dateFunction, ilike, randomOrder } from './functions.js';
import { inList } from './in-list.js';
import { introspect, listColumns, listForeignKeys, listIndexes, listTables } from './introspection.js';
import { knexConfig } from './knex-config.js';
import { nowDefault } from './now-default.js';
import { createExecute, createExecuteTable } from './execute.js';
import { createPrepare } from './prepare.js';
import { createStatementNames } from './statement-names.js';
import { syncAutoIncrement } from './sync-auto-increment.js';
import { insertWithChildren } from './insert-with-children.js';
import { writeWithTrail } from './write-with-trail.js';
import { fromDatabase, toDatabase } from './values.js';

/** PostgreSQL through pg: UTC sessions, `timestamptz` timestamps, `json` documents, the current schema. */
export function createPostgresDialect(): Dialect {
  // This app instance's own state: its write count (the data token) and its statement names.
  const writes = createWriteCount();
  const names = createStatementNames();
  const execute = createExecute(names);
  return {
    vendor: 'postgres',
    knexConfig,
    prepare: createPrepare(writes),
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
    withServerLock,
    schemaTransaction: (knex, work) => knex.transaction(work),
    transactionalDdl: true,
    columnTypeVariants: POSTGRES_COLUMN_TYPE_VARIANTS,
    supportsReturning: true,
    exactNumbers: { decimalDigits: null, bigIntegers: true },
    maxJsonDepth: undefined,
    syncAutoIncrement,
    insertWithChildren,
    writeWithTrail: (db, plan) => writeWithTrail(db, plan, execute),
    execute,
    executeTable: createExecuteTable(names),
    inList,
    dataToken: (db, known) => dataToken(writes, db, known),
    dataVersionSql: DATA_VERSION_SQL,
    jsonArrayAgg: (expression: string, orderBy: string) => `coalesce(json_agg(${expression} ORDER BY ${orderBy}), '[]')`,
  };
}
