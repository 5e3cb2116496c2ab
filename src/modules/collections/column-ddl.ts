import type { Knex } from 'knex';
import type { ColumnDefinition } from '../../database/dialects/dialect.js';
import type { Context } from '../../engine/context.js';
import type { FieldType } from '../../kernel/system/field-types.js';
import { ddlName } from './ddl-name.js';
import type { ColumnOptions } from './parse-column-options.js';

export type ColumnSpec = { name: string; type: FieldType; options: ColumnOptions };

const NOW = 'CURRENT_TIMESTAMP';

/** The dialect's column definition for a column's type, length, precision, nullability and default. */
export function columnDefinition(name: string, type: FieldType, options: Omit<ColumnOptions, 'unique' | 'indexed'>): ColumnDefinition {
  return {
    name,
    type,
    maxLength: options.maxLength,
    precision: options.precision,
    scale: options.scale,
    nullable: options.nullable,
    defaultValue: options.defaultValue,
    primaryKey: options.primaryKey,
    autoIncrement: options.autoIncrement,
    dataType: options.dataType,
  };
}

/** CREATE TABLE with every column, then the unique constraints and indexes (named by ddlName). */
export async function createTableWithColumns(ctx: Context, table: string, columns: ColumnSpec[]): Promise<void> {
  await ctx.db.schema.createTable(table, (builder) => {
    for (const column of columns) ctx.dialect.addColumn(builder, columnDefinition(column.name, column.type, column.options), ctx.db);
    for (const { name, options } of columns) {
      if (options.primaryKey) continue;
      if (options.unique) builder.unique([name], { indexName: ddlName(table, name, 'unique') });
      else if (options.indexed) builder.index([name], ddlName(table, name, 'index'));
    }
  });
}

/**
 * Adds a column to an existing table. The column is added nullable with its constant default first (every
 * vendor can add that, and fills existing rows with the default), then made NOT NULL or given a "now"
 * default by an ALTER (SQLite can't add either directly); existing rows get "now" written into them.
 */
export async function addColumnToTable(ctx: Context, table: string, column: ColumnSpec): Promise<void> {
  const { name, type, options } = column;
  const now = options.defaultValue === NOW;
  const first = columnDefinition(name, type, {
    ...options,
    nullable: true,
    defaultValue: now ? null : options.defaultValue,
    primaryKey: false,
    autoIncrement: false,
  });
  await ctx.db.schema.alterTable(table, (builder) => {
    ctx.dialect.addColumn(builder, first, ctx.db);
  });
  if (now) await ctx.db(table).update({ [name]: ctx.dialect.toDatabase(type, nowValue(type, ctx.now())) });
  if (!options.nullable || now)
    await alterColumn(ctx, table, columnDefinition(name, type, { ...options, primaryKey: false, autoIncrement: false }));
  if (options.unique || options.indexed) {
    await ctx.db.schema.alterTable(table, (builder) => {
      if (options.unique) builder.unique([name], { indexName: ddlName(table, name, 'unique') });
      else builder.index([name], ddlName(table, name, 'index'));
    });
  }
}

/** Changes a column to the whole new definition (type, length, precision, nullability, default). */
export async function alterColumn(ctx: Context, table: string, definition: ColumnDefinition): Promise<void> {
  await ctx.db.schema.alterTable(table, (builder) => {
    ctx.dialect
      .addColumn(builder, { ...definition, unique: false, indexed: false, primaryKey: false, autoIncrement: false }, ctx.db)
      .alter();
  });
}

/**
 * Brings a column's own unique constraint and index in line with what is asked (undefined = keep). A plain
 * index that backs a foreign key stays (MySQL needs it).
 */
export async function syncColumnIndexes(
  ctx: Context,
  table: string,
  column: string,
  desired: { unique?: boolean; indexed?: boolean },
): Promise<void> {
  if (desired.unique === undefined && desired.indexed === undefined) return;
  const own = (await ctx.dialect.listIndexes(ctx.db, table)).filter(
    (i) => i.table === table && !i.primary && i.columns.length === 1 && i.columns[0] === column,
  );
  const uniqueIndex = own.find((i) => i.unique) ?? null;
  const plain = own.filter((i) => !i.unique);
  const wantUnique = desired.unique ?? uniqueIndex !== null;
  const wantIndexed = desired.indexed ?? own.length > 0;
  const backsForeignKey =
    plain.length > 0 && (await ctx.dialect.listForeignKeys(ctx.db, table)).some((k) => k.table === table && k.column === column);

  const steps: ((builder: Knex.AlterTableBuilder) => void)[] = [];
  if (wantUnique && !uniqueIndex) steps.push((b) => b.unique([column], { indexName: ddlName(table, column, 'unique') }));
  if (!wantUnique && uniqueIndex) steps.push((b) => b.dropUnique([column], uniqueIndex.name));
  if (wantIndexed && !wantUnique && plain.length === 0) steps.push((b) => b.index([column], ddlName(table, column, 'index')));
  if (!wantIndexed && plain.length > 0 && !backsForeignKey) for (const index of plain) steps.push((b) => b.dropIndex([column], index.name));
  if (steps.length === 0) return;
  await ctx.db.schema.alterTable(table, (builder) => {
    for (const step of steps) step(builder);
  });
}

/** "Now" as the API value of a field type (written into existing rows when a now default is added). */
function nowValue(type: FieldType, now: Date): string {
  if (type === 'dateTime') return now.toISOString().slice(0, 19);
  return now.toISOString();
}
