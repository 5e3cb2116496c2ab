import type { ForeignKeyInfo } from '../../database/dialects/dialect.js';
import type { Context } from '../../engine/context.js';
import { ddlName } from './ddl-name.js';

export type ForeignKeyRules = { onDelete: string | null; onUpdate: string | null };

/** Adds the foreign key `table.column → related.relatedColumn` (SQLite rebuilds the table for it). */
export async function addForeignKey(
  ctx: Context,
  table: string,
  column: string,
  related: string,
  relatedColumn: string,
  rules: ForeignKeyRules,
): Promise<void> {
  await ctx.db.schema.alterTable(table, (builder) => {
    const key = builder
      .foreign(column, ddlName(table, column, 'foreign'))
      .references(relatedColumn)
      .inTable(related);
    if (rules.onDelete) key.onDelete(rules.onDelete);
    if (rules.onUpdate) key.onUpdate(rules.onUpdate);
  });
}

/** Drops a foreign key found by introspection (by its name, or by its column where the vendor has no names). */
export async function dropForeignKey(ctx: Context, key: ForeignKeyInfo): Promise<void> {
  await ctx.db.schema.alterTable(key.table, (builder) => {
    builder.dropForeign([key.column], key.constraintName ?? undefined);
  });
}
