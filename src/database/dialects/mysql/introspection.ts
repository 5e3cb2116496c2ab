import type { Knex } from 'knex';
import type { ColumnInfo, ForeignKeyInfo, IndexInfo, SchemaIntrospection } from '../dialect.js';
import { attachKeyInfo } from '../shared/attach-key-info.js';
import { NOW_DEFAULT, normaliseDefault } from '../shared/normalise-default.js';
import { parseDefaultLiteral } from '../shared/parse-default-literal.js';
import { fieldTypeOf } from './field-type-of.js';

/** Base tables of the current database, without knex's migration tables. */
const USER_TABLE = `t.TABLE_SCHEMA = DATABASE() AND t.TABLE_TYPE = 'BASE TABLE' AND LEFT(t.TABLE_NAME, 15) <> 'knex_migrations'`;

/**
 * The rows of one information_schema view for the current database (or one table of it). Every query reads
 * one view, filtered by constants on TABLE_SCHEMA (and TABLE_NAME): MariaDB and MySQL then read only that
 * database's definitions, while a join between two of these views makes them open every table's definition
 * once per row of the other (about 50 ms for 100 tables). Joins are made in JS instead.
 */
function schemaFilter(alias: string, table: string | undefined, schemaColumn = 'TABLE_SCHEMA'): { sql: string; bindings: string[] } {
  const own = `${alias}.${schemaColumn} = DATABASE() AND LEFT(${alias}.TABLE_NAME, 15) <> 'knex_migrations'`;
  return table === undefined ? { sql: own, bindings: [] } : { sql: `${own} AND ${alias}.TABLE_NAME = ?`, bindings: [table] };
}

async function rows<T>(knex: Knex, sql: string, bindings: readonly string[]): Promise<T[]> {
  const [result] = (await knex.raw(sql, bindings)) as [T[], unknown];
  return result;
}

export async function listTables(knex: Knex, table?: string): Promise<string[]> {
  const found = await rows<{ name: string }>(
    knex,
    `SELECT t.TABLE_NAME AS name FROM information_schema.TABLES t WHERE ${USER_TABLE}${table === undefined ? '' : ' AND t.TABLE_NAME = ?'} ORDER BY t.TABLE_NAME`,
    table === undefined ? [] : [table],
  );
  return found.map((row) => row.name);
}

type ColumnRow = {
  table_name: string;
  column_name: string;
  data_type: string;
  column_type: string;
  column_default: string | null;
  is_nullable: string;
  max_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  column_key: string;
  extra: string;
  generation_expression: string | null;
};

async function readColumns(knex: Knex, tables: Promise<string[]>, table?: string): Promise<ColumnInfo[]> {
  const filter = schemaFilter('c', table);
  const [found, jsonColumns, baseTables] = await Promise.all([
    rows<ColumnRow>(
      knex,
      `SELECT c.TABLE_NAME AS table_name, c.COLUMN_NAME AS column_name, c.DATA_TYPE AS data_type,
              c.COLUMN_TYPE AS column_type, c.COLUMN_DEFAULT AS column_default, c.IS_NULLABLE AS is_nullable,
              c.CHARACTER_MAXIMUM_LENGTH AS max_length, c.NUMERIC_PRECISION AS numeric_precision,
              c.NUMERIC_SCALE AS numeric_scale, c.COLUMN_KEY AS column_key, c.EXTRA AS extra,
              c.GENERATION_EXPRESSION AS generation_expression
         FROM information_schema.COLUMNS c
        WHERE ${filter.sql}
        ORDER BY c.TABLE_NAME, c.ORDINAL_POSITION`,
      filter.bindings,
    ),
    listMariadbJsonColumns(knex, table),
    tables.then((names) => new Set(names)),
  ]);
  // COLUMNS also lists the columns of views.
  return found
    .filter((row) => baseTables.has(row.table_name))
    .map((row): ColumnInfo => {
      const isJson = jsonColumns.has(`${row.table_name}\u0000${row.column_name}`);
      const dataType = isJson ? 'json' : row.data_type.toLowerCase();
      const extra = (row.extra ?? '').toLowerCase();
      const isChar = dataType === 'char' || dataType === 'varchar';
      const isDecimal = dataType === 'decimal' || dataType === 'numeric';
      const column: ColumnInfo = {
        table: row.table_name,
        name: row.column_name,
        dataType,
        columnType: isJson ? 'json' : row.column_type.toLowerCase(),
        defaultValue: null,
        maxLength: isChar ? toNumber(row.max_length) : null,
        numericPrecision: isDecimal ? toNumber(row.numeric_precision) : null,
        numericScale: isDecimal ? toNumber(row.numeric_scale) : null,
        isNullable: row.is_nullable === 'YES',
        isUnique: false,
        isIndexed: false,
        isPrimaryKey: row.column_key === 'PRI',
        isGenerated: /virtual|stored|persistent/.test(extra) && !!row.generation_expression,
        generationExpression: row.generation_expression || null,
        hasAutoIncrement: extra.includes('auto_increment'),
        foreignKeyTable: null,
        foreignKeyColumn: null,
      };
      column.defaultValue = parseDefault(row.column_default, extra, column);
      return column;
    });
}

export async function listColumns(knex: Knex, table?: string): Promise<ColumnInfo[]> {
  return (await introspect(knex, table)).columns;
}

/** Tables, columns, indexes and foreign keys together: one query per kind (and view), side by side. */
export async function introspect(knex: Knex, table?: string): Promise<SchemaIntrospection> {
  const tables = listTables(knex, table);
  const [names, columns, indexes, foreignKeys] = await Promise.all([
    tables,
    readColumns(knex, tables, table),
    listIndexes(knex, table),
    listForeignKeys(knex, table),
  ]);
  return { tables: names, columns: attachKeyInfo(columns, indexes, foreignKeys), foreignKeys, indexes };
}

function toNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/**
 * MariaDB stores `json` as `longtext` with a `json_valid()` check named after the column; MySQL has a real
 * JSON type (and no TABLE_NAME in CHECK_CONSTRAINTS, so the query fails there and finds nothing).
 */
async function listMariadbJsonColumns(knex: Knex, table?: string): Promise<Set<string>> {
  try {
    const found = await rows<{ table_name: string; check_clause: string }>(
      knex,
      `SELECT cc.TABLE_NAME AS table_name, cc.CHECK_CLAUSE AS check_clause
         FROM information_schema.CHECK_CONSTRAINTS cc
        WHERE cc.CONSTRAINT_SCHEMA = DATABASE()${table === undefined ? '' : ' AND cc.TABLE_NAME = ?'}`,
      table === undefined ? [] : [table],
    );
    const columns = new Set<string>();
    for (const row of found) {
      const match = /^json_valid\(`((?:[^`]|``)+)`\)$/i.exec(row.check_clause.trim());
      if (match?.[1]) columns.add(`${row.table_name}\u0000${match[1].replace(/``/g, '`')}`);
    }
    return columns;
  } catch {
    return new Set();
  }
}

function parseDefault(raw: string | null, extra: string, column: ColumnInfo): unknown {
  if (raw === null) return null;
  if (/^(current_timestamp|now|localtimestamp)(\(\d*\))?$/i.test(raw.trim())) return NOW_DEFAULT;
  // MySQL 8 prints literal defaults unquoted and marks expressions DEFAULT_GENERATED; MariaDB quotes literals.
  if (extra.includes('default_generated'))
    return normaliseDefault(parseDefaultLiteral(raw.replace(/^_\w+\\'(.*)\\'$/s, "'$1'")), fieldTypeOf(column));
  return normaliseDefault(parseDefaultLiteral(raw), fieldTypeOf(column));
}

type ForeignKeyRow = {
  table_name: string;
  column_name: string;
  foreign_table: string;
  foreign_column: string;
  constraint_name: string;
};

type RuleRow = { table_name: string; constraint_name: string; on_update: string; on_delete: string };

export async function listForeignKeys(knex: Knex, table?: string): Promise<ForeignKeyInfo[]> {
  const keys = schemaFilter('k', table);
  const rules = schemaFilter('r', table, 'CONSTRAINT_SCHEMA');
  const [found, ruleRows] = await Promise.all([
    rows<ForeignKeyRow>(
      knex,
      `SELECT k.TABLE_NAME AS table_name, k.COLUMN_NAME AS column_name, k.REFERENCED_TABLE_NAME AS foreign_table,
              k.REFERENCED_COLUMN_NAME AS foreign_column, k.CONSTRAINT_NAME AS constraint_name
         FROM information_schema.KEY_COLUMN_USAGE k
        WHERE ${keys.sql} AND k.REFERENCED_TABLE_NAME IS NOT NULL
        ORDER BY k.TABLE_NAME, k.CONSTRAINT_NAME, k.ORDINAL_POSITION`,
      keys.bindings,
    ),
    rows<RuleRow>(
      knex,
      `SELECT r.TABLE_NAME AS table_name, r.CONSTRAINT_NAME AS constraint_name, r.UPDATE_RULE AS on_update, r.DELETE_RULE AS on_delete
         FROM information_schema.REFERENTIAL_CONSTRAINTS r
        WHERE ${rules.sql}`,
      rules.bindings,
    ),
  ]);
  const ruleOf = new Map(ruleRows.map((row) => [`${row.table_name}\u0000${row.constraint_name}`, row]));
  return found.flatMap((row) => {
    const rule = ruleOf.get(`${row.table_name}\u0000${row.constraint_name}`);
    if (!rule) return [];
    return [
      {
        table: row.table_name,
        column: row.column_name,
        foreignKeyTable: row.foreign_table,
        foreignKeyColumn: row.foreign_column,
        constraintName: row.constraint_name,
        onUpdate: rule.on_update,
        onDelete: rule.on_delete,
      },
    ];
  });
}

type IndexRow = { table_name: string; index_name: string; non_unique: number | string; column_name: string | null };

export async function listIndexes(knex: Knex, table?: string): Promise<IndexInfo[]> {
  const filter = schemaFilter('s', table);
  const found = await rows<IndexRow>(
    knex,
    `SELECT s.TABLE_NAME AS table_name, s.INDEX_NAME AS index_name, s.NON_UNIQUE AS non_unique, s.COLUMN_NAME AS column_name
       FROM information_schema.STATISTICS s
      WHERE ${filter.sql}
      ORDER BY s.TABLE_NAME, s.INDEX_NAME, s.SEQ_IN_INDEX`,
    filter.bindings,
  );
  const byName = new Map<string, IndexInfo & { expression: boolean }>();
  for (const row of found) {
    const key = `${row.table_name}\u0000${row.index_name}`;
    let index = byName.get(key);
    if (!index) {
      index = {
        table: row.table_name,
        name: row.index_name,
        columns: [],
        unique: Number(row.non_unique) === 0,
        primary: row.index_name === 'PRIMARY',
        expression: false,
      };
      byName.set(key, index);
    }
    if (row.column_name === null) index.expression = true;
    else index.columns.push(row.column_name);
  }
  return [...byName.values()].filter((index) => !index.expression).map(({ expression: _expression, ...index }) => index);
}
