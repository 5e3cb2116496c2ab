import type { Knex } from 'knex';
import type { ColumnInfo, ForeignKeyInfo, IndexInfo } from '../dialect.js';
import { attachKeyInfo } from '../shared/attach-key-info.js';
import { NOW_DEFAULT, normaliseDefault } from '../shared/normalise-default.js';
import { parseDefaultLiteral } from '../shared/parse-default-literal.js';
import { fieldTypeOf } from './field-type-of.js';

/** Base tables of the current database, without knex's migration tables. */
const USER_TABLE = `t.TABLE_SCHEMA = DATABASE() AND t.TABLE_TYPE = 'BASE TABLE' AND LEFT(t.TABLE_NAME, 15) <> 'knex_migrations'`;

function tableFilter(table: string | undefined, column = 't.TABLE_NAME'): { sql: string; bindings: string[] } {
  return table === undefined ? { sql: USER_TABLE, bindings: [] } : { sql: `${USER_TABLE} AND ${column} = ?`, bindings: [table] };
}

async function rows<T>(knex: Knex, sql: string, bindings: readonly string[]): Promise<T[]> {
  const [result] = (await knex.raw(sql, bindings)) as [T[], unknown];
  return result;
}

export async function listTables(knex: Knex): Promise<string[]> {
  const found = await rows<{ name: string }>(
    knex,
    `SELECT t.TABLE_NAME AS name FROM information_schema.TABLES t WHERE ${USER_TABLE} ORDER BY t.TABLE_NAME`,
    [],
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

export async function listColumns(knex: Knex, table?: string): Promise<ColumnInfo[]> {
  const filter = tableFilter(table);
  const found = await rows<ColumnRow>(
    knex,
    `SELECT c.TABLE_NAME AS table_name, c.COLUMN_NAME AS column_name, c.DATA_TYPE AS data_type,
            c.COLUMN_TYPE AS column_type, c.COLUMN_DEFAULT AS column_default, c.IS_NULLABLE AS is_nullable,
            c.CHARACTER_MAXIMUM_LENGTH AS max_length, c.NUMERIC_PRECISION AS numeric_precision,
            c.NUMERIC_SCALE AS numeric_scale, c.COLUMN_KEY AS column_key, c.EXTRA AS extra,
            c.GENERATION_EXPRESSION AS generation_expression
       FROM information_schema.COLUMNS c
       JOIN information_schema.TABLES t ON t.TABLE_SCHEMA = c.TABLE_SCHEMA AND t.TABLE_NAME = c.TABLE_NAME
      WHERE ${filter.sql}
      ORDER BY c.TABLE_NAME, c.ORDINAL_POSITION`,
    filter.bindings,
  );
  const jsonColumns = await listMariadbJsonColumns(knex, table);
  const columns = found.map((row): ColumnInfo => {
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
  const [indexes, foreignKeys] = await Promise.all([listIndexes(knex, table), listForeignKeys(knex, table)]);
  return attachKeyInfo(columns, indexes, foreignKeys);
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
  if (extra.includes('default_generated')) return normaliseDefault(parseDefaultLiteral(raw.replace(/^_\w+\\'(.*)\\'$/s, "'$1'")), fieldTypeOf(column));
  return normaliseDefault(parseDefaultLiteral(raw), fieldTypeOf(column));
}

type ForeignKeyRow = {
  table_name: string;
  column_name: string;
  foreign_table: string;
  foreign_column: string;
  constraint_name: string;
  on_update: string;
  on_delete: string;
};

export async function listForeignKeys(knex: Knex, table?: string): Promise<ForeignKeyInfo[]> {
  const filter = tableFilter(table);
  const found = await rows<ForeignKeyRow>(
    knex,
    `SELECT k.TABLE_NAME AS table_name, k.COLUMN_NAME AS column_name, k.REFERENCED_TABLE_NAME AS foreign_table,
            k.REFERENCED_COLUMN_NAME AS foreign_column, k.CONSTRAINT_NAME AS constraint_name,
            r.UPDATE_RULE AS on_update, r.DELETE_RULE AS on_delete
       FROM information_schema.KEY_COLUMN_USAGE k
       JOIN information_schema.TABLES t ON t.TABLE_SCHEMA = k.TABLE_SCHEMA AND t.TABLE_NAME = k.TABLE_NAME
       JOIN information_schema.REFERENTIAL_CONSTRAINTS r
         ON r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA AND r.TABLE_NAME = k.TABLE_NAME AND r.CONSTRAINT_NAME = k.CONSTRAINT_NAME
      WHERE ${filter.sql} AND k.REFERENCED_TABLE_NAME IS NOT NULL
      ORDER BY k.TABLE_NAME, k.CONSTRAINT_NAME, k.ORDINAL_POSITION`,
    filter.bindings,
  );
  return found.map((row) => ({
    table: row.table_name,
    column: row.column_name,
    foreignKeyTable: row.foreign_table,
    foreignKeyColumn: row.foreign_column,
    constraintName: row.constraint_name,
    onUpdate: row.on_update,
    onDelete: row.on_delete,
  }));
}

type IndexRow = { table_name: string; index_name: string; non_unique: number | string; column_name: string | null };

export async function listIndexes(knex: Knex, table?: string): Promise<IndexInfo[]> {
  const filter = tableFilter(table);
  const found = await rows<IndexRow>(
    knex,
    `SELECT s.TABLE_NAME AS table_name, s.INDEX_NAME AS index_name, s.NON_UNIQUE AS non_unique, s.COLUMN_NAME AS column_name
       FROM information_schema.STATISTICS s
       JOIN information_schema.TABLES t ON t.TABLE_SCHEMA = s.TABLE_SCHEMA AND t.TABLE_NAME = s.TABLE_NAME
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
