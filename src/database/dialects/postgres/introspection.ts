import type { Knex } from 'knex';
import type { ColumnInfo, ForeignKeyInfo, IndexInfo, SchemaIntrospection } from '../dialect.js';
import { attachKeyInfo } from '../shared/attach-key-info.js';
import { sideBySide } from '../shared/side-by-side.js';
import { NOW_DEFAULT, normaliseDefault } from '../shared/normalise-default.js';
import { parseDefaultLiteral } from '../shared/parse-default-literal.js';
import { fieldTypeOf } from './field-type-of.js';

/** Ordinary and partitioned tables of the current schema, without knex's migration tables. */
const USER_TABLE = `cl.relnamespace = (SELECT n.oid FROM pg_catalog.pg_namespace n WHERE n.nspname = current_schema()) AND cl.relkind IN ('r', 'p') AND NOT cl.relispartition AND left(cl.relname, 15) <> 'knex_migrations'`;

function tableFilter(table: string | undefined): { sql: string; bindings: string[] } {
  return table === undefined ? { sql: USER_TABLE, bindings: [] } : { sql: `${USER_TABLE} AND cl.relname = ?`, bindings: [table] };
}

async function rows<T>(knex: Knex, sql: string, bindings: readonly string[]): Promise<T[]> {
  const result = (await knex.raw(sql, bindings)) as { rows: T[] };
  return result.rows;
}

export async function listTables(knex: Knex): Promise<string[]> {
  const found = await rows<{ name: string }>(
    knex,
    `SELECT cl.relname AS name FROM pg_catalog.pg_class cl
      WHERE ${USER_TABLE} ORDER BY cl.relname`,
    [],
  );
  return found.map((row) => row.name);
}

type ColumnRow = {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  column_type: string;
  expression: string | null;
  not_null: boolean;
  type_oid: number;
  type_modifier: number;
  identity: string;
  generated: string;
};

/**
 * One set-based query over pg_catalog for the columns of every user table (or of one). It reports what
 * information_schema.columns would (the same data_type, udt_name, lengths, precision and scale), without the
 * view's cost: per-row privilege checks and SQL helper functions made it about 10× slower for 1,000 columns.
 */
async function readColumns(knex: Knex, table?: string): Promise<ColumnInfo[]> {
  const filter = tableFilter(table);
  const found = await rows<ColumnRow>(
    knex,
    `SELECT cl.relname AS table_name, a.attname AS column_name,
            CASE WHEN t.typtype = 'd'
                 THEN CASE WHEN bt.typelem <> 0 AND bt.typlen = -1 THEN 'ARRAY'
                           WHEN bt.typnamespace = 'pg_catalog'::regnamespace THEN format_type(t.typbasetype, NULL)
                           ELSE 'USER-DEFINED' END
                 ELSE CASE WHEN t.typelem <> 0 AND t.typlen = -1 THEN 'ARRAY'
                           WHEN t.typnamespace = 'pg_catalog'::regnamespace THEN format_type(a.atttypid, NULL)
                           ELSE 'USER-DEFINED' END
            END AS data_type,
            coalesce(bt.typname, t.typname) AS udt_name, format_type(a.atttypid, a.atttypmod) AS column_type,
            pg_get_expr(ad.adbin, ad.adrelid) AS expression, a.attnotnull OR (t.typtype = 'd' AND t.typnotnull) AS not_null,
            CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE a.atttypid END::int4 AS type_oid,
            CASE WHEN t.typtype = 'd' THEN t.typtypmod ELSE a.atttypmod END AS type_modifier,
            a.attidentity AS identity, a.attgenerated AS generated
       FROM pg_catalog.pg_class cl
       JOIN pg_catalog.pg_attribute a ON a.attrelid = cl.oid AND a.attnum > 0 AND NOT a.attisdropped
       JOIN pg_catalog.pg_type t ON t.oid = a.atttypid
       LEFT JOIN pg_catalog.pg_type bt ON t.typtype = 'd' AND bt.oid = t.typbasetype
       LEFT JOIN pg_catalog.pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum
      WHERE ${filter.sql}
      ORDER BY cl.relname, a.attnum`,
    filter.bindings,
  );
  return found.map((row): ColumnInfo => {
    const dataType = row.data_type === 'USER-DEFINED' || row.data_type === 'ARRAY' ? row.udt_name : row.data_type.toLowerCase();
    const generated = row.generated !== '';
    const columnDefault = generated ? null : row.expression;
    const serial = columnDefault?.startsWith('nextval(') ?? false;
    const modifier = row.type_modifier === -1 ? null : row.type_modifier - 4;
    const isChar =
      (row.type_oid === CHAR_OID || row.type_oid === VARCHAR_OID) && (dataType === 'character varying' || dataType === 'character');
    const isNumeric = row.type_oid === NUMERIC_OID && dataType === 'numeric';
    const column: ColumnInfo = {
      table: row.table_name,
      name: row.column_name,
      dataType,
      columnType: row.column_type.toLowerCase(),
      defaultValue: null,
      maxLength: isChar ? modifier : null,
      numericPrecision: isNumeric && modifier !== null ? (modifier >> 16) & 0xffff : null,
      numericScale: isNumeric && modifier !== null ? modifier & 0xffff : null,
      isNullable: !row.not_null,
      isUnique: false,
      isIndexed: false,
      isPrimaryKey: false,
      isGenerated: generated,
      generationExpression: generated ? row.expression : null,
      hasAutoIncrement: serial || row.identity === 'a' || row.identity === 'd',
      foreignKeyTable: null,
      foreignKeyColumn: null,
    };
    column.defaultValue = serial ? null : parseDefault(columnDefault, column);
    return column;
  });
}

const CHAR_OID = 1042;
const VARCHAR_OID = 1043;
const NUMERIC_OID = 1700;

export async function listColumns(knex: Knex, table?: string): Promise<ColumnInfo[]> {
  const [columns, indexes, foreignKeys] = await sideBySide(knex, [
    () => readColumns(knex, table),
    () => listIndexes(knex, table),
    () => listForeignKeys(knex, table),
  ] as const);
  return attachKeyInfo(columns, indexes, foreignKeys);
}

/** Tables, columns, indexes and foreign keys together: four catalogue queries side by side. */
export async function introspect(knex: Knex, table?: string): Promise<SchemaIntrospection> {
  const [tables, columns, indexes, foreignKeys] = await sideBySide(knex, [
    async () => (table === undefined ? listTables(knex) : (await listTables(knex)).filter((name) => name === table)),
    () => readColumns(knex, table),
    () => listIndexes(knex, table),
    () => listForeignKeys(knex, table),
  ] as const);
  return { tables, columns: attachKeyInfo(columns, indexes, foreignKeys), foreignKeys, indexes };
}

const NOW_EXPRESSIONS = new Set([
  'now()',
  'current_timestamp',
  'localtimestamp',
  'statement_timestamp()',
  'transaction_timestamp()',
  "timezone('utc'::text,now())",
  "(current_timestampattimezone'utc'::text)",
  "timezone('utc'::text,current_timestamp)",
]);

function parseDefault(raw: string | null, column: ColumnInfo): unknown {
  if (raw === null) return null;
  if (NOW_EXPRESSIONS.has(raw.toLowerCase().replace(/\s+/g, ''))) return NOW_DEFAULT;
  return normaliseDefault(parseDefaultLiteral(raw), fieldTypeOf(column));
}

const ACTIONS: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };

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
    `SELECT cl.relname AS table_name, a.attname AS column_name, fcl.relname AS foreign_table, fa.attname AS foreign_column,
            con.conname AS constraint_name, con.confupdtype AS on_update, con.confdeltype AS on_delete
       FROM pg_catalog.pg_constraint con
       JOIN pg_catalog.pg_class cl ON cl.oid = con.conrelid
       JOIN pg_catalog.pg_class fcl ON fcl.oid = con.confrelid
       CROSS JOIN LATERAL unnest(con.conkey, con.confkey) WITH ORDINALITY AS k(attnum, fattnum, ord)
       JOIN pg_catalog.pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
       JOIN pg_catalog.pg_attribute fa ON fa.attrelid = con.confrelid AND fa.attnum = k.fattnum
      WHERE con.contype = 'f' AND ${filter.sql}
      ORDER BY cl.relname, con.conname, k.ord`,
    filter.bindings,
  );
  return found.map((row) => ({
    table: row.table_name,
    column: row.column_name,
    foreignKeyTable: row.foreign_table,
    foreignKeyColumn: row.foreign_column,
    constraintName: row.constraint_name,
    onUpdate: ACTIONS[row.on_update] ?? null,
    onDelete: ACTIONS[row.on_delete] ?? null,
  }));
}

type IndexRow = { table_name: string; index_name: string; is_unique: boolean; is_primary: boolean; column_name: string | null };

export async function listIndexes(knex: Knex, table?: string): Promise<IndexInfo[]> {
  const filter = tableFilter(table);
  const found = await rows<IndexRow>(
    knex,
    `SELECT cl.relname AS table_name, i.relname AS index_name, ix.indisunique AS is_unique, ix.indisprimary AS is_primary,
            a.attname AS column_name
       FROM pg_catalog.pg_index ix
       JOIN pg_catalog.pg_class cl ON cl.oid = ix.indrelid
       JOIN pg_catalog.pg_class i ON i.oid = ix.indexrelid
       CROSS JOIN LATERAL unnest(ix.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
       LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = cl.oid AND a.attnum = k.attnum AND k.attnum > 0
      WHERE ${filter.sql} AND k.ord <= ix.indnkeyatts
      ORDER BY cl.relname, i.relname, k.ord`,
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
        unique: row.is_unique,
        primary: row.is_primary,
        expression: false,
      };
      byName.set(key, index);
    }
    if (row.column_name === null) index.expression = true;
    else index.columns.push(row.column_name);
  }
  return [...byName.values()].filter((index) => !index.expression).map(({ expression: _expression, ...index }) => index);
}
