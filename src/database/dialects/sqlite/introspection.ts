import type { Knex } from 'knex';
import type { ColumnInfo, ForeignKeyInfo, IndexInfo, SchemaIntrospection } from '../dialect.js';
import { attachKeyInfo } from '../shared/attach-key-info.js';
import { NOW_DEFAULT, normaliseDefault } from '../shared/normalise-default.js';
import { parseDefaultLiteral } from '../shared/parse-default-literal.js';
import { fieldTypeOf } from './field-type-of.js';

/** User tables: not SQLite's own (`sqlite_*`) nor knex's migration tables. */
const USER_TABLES = `m.type = 'table' AND substr(m.name, 1, 7) <> 'sqlite_' AND substr(m.name, 1, 15) <> 'knex_migrations'`;

function tableFilter(table: string | undefined): { sql: string; bindings: string[] } {
  return table === undefined ? { sql: USER_TABLES, bindings: [] } : { sql: `${USER_TABLES} AND m.name = ?`, bindings: [table] };
}

export async function listTables(knex: Knex): Promise<string[]> {
  const rows = (await knex.raw(`SELECT m.name FROM sqlite_master m WHERE ${USER_TABLES} ORDER BY m.name`)) as { name: string }[];
  return rows.map((row) => row.name);
}

type ColumnRow = {
  table_name: string;
  name: string;
  type: string | null;
  notnull: number;
  dflt_value: string | null;
  pk: number;
  hidden: number;
};

async function readColumns(knex: Knex, table?: string): Promise<ColumnInfo[]> {
  const filter = tableFilter(table);
  const rows = (await knex.raw(
    `SELECT m.name AS table_name, c.name, c.type, c."notnull", c.dflt_value, c.pk, c.hidden
       FROM sqlite_master m JOIN pragma_table_xinfo(m.name) c
      WHERE ${filter.sql} AND c.hidden <> 1
      ORDER BY m.name, c.cid`,
    filter.bindings,
  )) as ColumnRow[];
  const pkCount = new Map<string, number>();
  for (const row of rows) if (row.pk > 0) pkCount.set(row.table_name, (pkCount.get(row.table_name) ?? 0) + 1);

  return rows.map((row): ColumnInfo => {
    const declared = (row.type ?? '').trim().toLowerCase();
    const { base, args } = splitType(declared);
    const isChar = base.includes('char');
    const isDecimal = base === 'decimal' || base === 'numeric';
    const rowidAlias = row.pk > 0 && pkCount.get(row.table_name) === 1 && base === 'integer';
    const column: ColumnInfo = {
      table: row.table_name,
      name: row.name,
      // `character(n)` (a fixed-length string, see add-column.ts) is reported as `char`, its usual name.
      dataType: base === 'character' ? 'char' : base,
      columnType: declared,
      defaultValue: null,
      maxLength: isChar ? (args[0] ?? null) : null,
      numericPrecision: isDecimal ? (args[0] ?? null) : null,
      numericScale: isDecimal ? (args[1] ?? null) : null,
      isNullable: row.notnull === 0 && row.pk === 0,
      isUnique: false,
      isIndexed: false,
      isPrimaryKey: row.pk > 0,
      isGenerated: row.hidden === 2 || row.hidden === 3,
      generationExpression: null,
      hasAutoIncrement: rowidAlias,
      foreignKeyTable: null,
      foreignKeyColumn: null,
    };
    column.defaultValue = parseDefault(row.dflt_value, column);
    return column;
  });
}

export async function listColumns(knex: Knex, table?: string): Promise<ColumnInfo[]> {
  const [columns, indexes, foreignKeys] = await Promise.all([
    readColumns(knex, table),
    listIndexes(knex, table),
    listForeignKeys(knex, table),
  ]);
  return attachKeyInfo(columns, indexes, foreignKeys);
}

/** Tables, columns, indexes and foreign keys together, each kind read once. */
export async function introspect(knex: Knex, table?: string): Promise<SchemaIntrospection> {
  const [tables, columns, indexes, foreignKeys] = await Promise.all([
    listTables(knex).then((names) => (table === undefined ? names : names.filter((name) => name === table))),
    readColumns(knex, table),
    listIndexes(knex, table),
    listForeignKeys(knex, table),
  ]);
  return { tables, columns: attachKeyInfo(columns, indexes, foreignKeys), foreignKeys, indexes };
}

function splitType(declared: string): { base: string; args: number[] } {
  const match = /^([^(]*)(?:\(([^)]*)\))?/.exec(declared);
  const base = (match?.[1] ?? declared).trim();
  const args = (match?.[2] ?? '')
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isFinite(n) && n > 0);
  return { base, args };
}

function parseDefault(raw: string | null, column: ColumnInfo): unknown {
  if (raw === null) return null;
  const literal = parseDefaultLiteral(raw);
  if (typeof literal === 'string' && !raw.trim().startsWith("'") && isNowExpression(literal)) return NOW_DEFAULT;
  return normaliseDefault(literal, fieldTypeOf(column));
}

function isNowExpression(expression: string): boolean {
  const text = expression.toLowerCase().replace(/\s+/g, '');
  return text === 'current_timestamp' || (text.startsWith('strftime(') && text.endsWith(",'now')")) || text === "datetime('now')";
}

type ForeignKeyRow = {
  table_name: string;
  id: number;
  seq: number;
  table: string;
  from: string;
  to: string | null;
  on_update: string;
  on_delete: string;
};

export async function listForeignKeys(knex: Knex, table?: string): Promise<ForeignKeyInfo[]> {
  const filter = tableFilter(table);
  const rows = (await knex.raw(
    `SELECT m.name AS table_name, f.id, f.seq, f."table", f."from", f."to", f.on_update, f.on_delete
       FROM sqlite_master m JOIN pragma_foreign_key_list(m.name) f
      WHERE ${filter.sql}
      ORDER BY m.name, f.id, f.seq`,
    filter.bindings,
  )) as ForeignKeyRow[];
  const implicitTargets = [...new Set(rows.filter((row) => row.to === null).map((row) => row.table))];
  const primaryKeys = new Map<string, string[]>();
  for (const target of implicitTargets) {
    const pk = (await knex.raw(`SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk`, [target])) as { name: string }[];
    primaryKeys.set(
      target,
      pk.map((row) => row.name),
    );
  }
  return rows.map((row) => ({
    table: row.table_name,
    column: row.from,
    foreignKeyTable: row.table,
    foreignKeyColumn: row.to ?? primaryKeys.get(row.table)?.[row.seq] ?? 'id',
    constraintName: null,
    onUpdate: row.on_update,
    onDelete: row.on_delete,
  }));
}

type IndexRow = { table_name: string; index_name: string; unique: number; origin: string; column_name: string | null };

export async function listIndexes(knex: Knex, table?: string): Promise<IndexInfo[]> {
  const filter = tableFilter(table);
  const rows = (await knex.raw(
    `SELECT m.name AS table_name, il.name AS index_name, il."unique", il.origin, ii.name AS column_name
       FROM sqlite_master m JOIN pragma_index_list(m.name) il JOIN pragma_index_info(il.name) ii
      WHERE ${filter.sql}
      ORDER BY m.name, il.name, ii.seqno`,
    filter.bindings,
  )) as IndexRow[];
  const byName = new Map<string, IndexInfo & { expression: boolean }>();
  for (const row of rows) {
    const key = `${row.table_name}\u0000${row.index_name}`;
    let index = byName.get(key);
    if (!index) {
      index = {
        table: row.table_name,
        name: row.index_name,
        columns: [],
        unique: row.unique === 1,
        primary: row.origin === 'pk',
        expression: false,
      };
      byName.set(key, index);
    }
    if (row.column_name === null) index.expression = true;
    else index.columns.push(row.column_name);
  }
  const indexes: IndexInfo[] = [...byName.values()]
    .filter((index) => !index.expression)
    .map(({ expression: _expression, ...index }) => index);

  // A rowid alias (`integer primary key`) has no index of its own: report the primary key like other vendors.
  const keys = (await knex.raw(
    `SELECT m.name AS table_name, c.name, c.pk FROM sqlite_master m JOIN pragma_table_info(m.name) c
      WHERE ${filter.sql} AND c.pk > 0 ORDER BY m.name, c.pk`,
    filter.bindings,
  )) as { table_name: string; name: string }[];
  const tablesWithKeys = [...new Set(keys.map((key) => key.table_name))];
  for (const tableName of tablesWithKeys) {
    if (indexes.some((index) => index.table === tableName && index.primary)) continue;
    indexes.push({
      table: tableName,
      name: `${tableName}_pkey`,
      columns: keys.filter((key) => key.table_name === tableName).map((key) => key.name),
      unique: true,
      primary: true,
    });
  }
  return indexes.sort((a, b) => byCodeUnits(a.table, b.table) || byCodeUnits(a.name, b.name));
}

/** Plain string order: the same on every machine, and without ICU's collation data (idle RSS). */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
