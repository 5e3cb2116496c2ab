import type { Knex } from 'knex';
import type { ColumnInfo, ForeignKeyInfo, IndexInfo } from '../dialect.js';
import { attachKeyInfo } from '../shared/attach-key-info.js';
import { NOW_DEFAULT, normaliseDefault } from '../shared/normalise-default.js';
import { parseDefaultLiteral } from '../shared/parse-default-literal.js';
import { fieldTypeOf } from './field-type-of.js';

/** Ordinary and partitioned tables of the current schema, without knex's migration tables. */
const USER_TABLE = `n.nspname = current_schema() AND cl.relkind IN ('r', 'p') AND NOT cl.relispartition AND left(cl.relname, 15) <> 'knex_migrations'`;

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
    `SELECT cl.relname AS name FROM pg_catalog.pg_class cl JOIN pg_catalog.pg_namespace n ON n.oid = cl.relnamespace
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
  column_default: string | null;
  is_nullable: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  is_identity: string;
  is_generated: string;
  generation_expression: string | null;
};

export async function listColumns(knex: Knex, table?: string): Promise<ColumnInfo[]> {
  const filter = tableFilter(table);
  const found = await rows<ColumnRow>(
    knex,
    `SELECT c.table_name, c.column_name, c.data_type, c.udt_name, format_type(a.atttypid, a.atttypmod) AS column_type,
            c.column_default, c.is_nullable, c.character_maximum_length, c.numeric_precision, c.numeric_scale,
            c.is_identity, c.is_generated, c.generation_expression
       FROM information_schema.columns c
       JOIN pg_catalog.pg_namespace n ON n.nspname = c.table_schema
       JOIN pg_catalog.pg_class cl ON cl.relnamespace = n.oid AND cl.relname = c.table_name
       JOIN pg_catalog.pg_attribute a ON a.attrelid = cl.oid AND a.attname = c.column_name
      WHERE ${filter.sql}
      ORDER BY c.table_name, c.ordinal_position`,
    filter.bindings,
  );
  const columns = found.map((row): ColumnInfo => {
    const dataType = row.data_type === 'USER-DEFINED' || row.data_type === 'ARRAY' ? row.udt_name : row.data_type.toLowerCase();
    const serial = row.column_default?.startsWith('nextval(') ?? false;
    const column: ColumnInfo = {
      table: row.table_name,
      name: row.column_name,
      dataType,
      columnType: row.column_type.toLowerCase(),
      defaultValue: null,
      maxLength: dataType === 'character varying' || dataType === 'character' ? row.character_maximum_length : null,
      numericPrecision: dataType === 'numeric' ? row.numeric_precision : null,
      numericScale: dataType === 'numeric' ? row.numeric_scale : null,
      isNullable: row.is_nullable === 'YES',
      isUnique: false,
      isIndexed: false,
      isPrimaryKey: false,
      isGenerated: row.is_generated === 'ALWAYS',
      generationExpression: row.generation_expression,
      hasAutoIncrement: serial || row.is_identity === 'YES',
      foreignKeyTable: null,
      foreignKeyColumn: null,
    };
    column.defaultValue = serial ? null : parseDefault(row.column_default, column);
    return column;
  });
  const [indexes, foreignKeys] = await Promise.all([listIndexes(knex, table), listForeignKeys(knex, table)]);
  return attachKeyInfo(columns, indexes, foreignKeys);
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
       JOIN pg_catalog.pg_namespace n ON n.oid = cl.relnamespace
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
       JOIN pg_catalog.pg_namespace n ON n.oid = cl.relnamespace
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
      index = { table: row.table_name, name: row.index_name, columns: [], unique: row.is_unique, primary: row.is_primary, expression: false };
      byName.set(key, index);
    }
    if (row.column_name === null) index.expression = true;
    else index.columns.push(row.column_name);
  }
  return [...byName.values()].filter((index) => !index.expression).map(({ expression: _expression, ...index }) => index);
}
