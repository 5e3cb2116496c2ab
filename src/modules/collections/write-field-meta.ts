import { asSystem, type Context } from '../../engine/context.js';
import type { FieldType } from '../../kernel/system/field-types.js';
import { readMetaRows } from './meta-rows.js';
import type { SchemaDeps } from './schema.types.js';
import { reconcileSpecials } from './type-specials.js';

export type FieldMetaWrite = {
  collection: string;
  field: string;
  type: FieldType;
  /** The meta the client sent (null: none). */
  meta: Record<string, unknown> | null;
  special: string[];
  /** The type the vendor reads the new column back as (null for alias fields). */
  columnType: FieldType | null;
};

/**
 * Writes the service_fields rows of new fields through the items service: the client's meta as the caller
 * (its permissions apply), plus the `special` flag a type needs to read back exactly (json stored as text,
 * csv, hash, …). A field without meta that needs such a flag gets a row with only the flag, written as
 * system work: it is part of the field, not the client's choice.
 */
export async function writeFieldMeta(ctx: Context, deps: SchemaDeps, writes: FieldMetaWrite[]): Promise<void> {
  const asCaller: Record<string, unknown>[] = [];
  const automatic: Record<string, unknown>[] = [];
  for (const write of writes) {
    const special = reconcileSpecials(write.special, write.type, write.columnType);
    const added = special.length !== write.special.length;
    if (write.meta !== null) {
      asCaller.push({ ...write.meta, ...(added ? { special } : {}), collection: write.collection, field: write.field });
    } else if (added) {
      automatic.push({ collection: write.collection, field: write.field, special });
    }
  }
  if (asCaller.length > 0) await deps.items.createMany(ctx, 'service_fields', asCaller);
  if (automatic.length > 0) await deps.items.createMany(asSystem(ctx), 'service_fields', automatic);
}

/**
 * After a field's type changed: its row's `special` without the flags of the old type and with the new
 * type's flag when needed. Updates (or creates) the row as system work; returns nothing when no change is due.
 */
export async function reconcileFieldSpecial(
  ctx: Context,
  deps: SchemaDeps,
  collection: string,
  field: string,
  type: FieldType,
  columnType: FieldType | null,
  special: string[],
): Promise<void> {
  const next = reconcileSpecials(special, type, columnType);
  if (next.length === special.length && next.every((flag, i) => flag === special[i])) return;
  const [row] = await readMetaRows(ctx, deps, 'service_fields', { collection, field });
  const value = next.length > 0 ? next : null;
  if (row) await deps.items.updateOne(asSystem(ctx), 'service_fields', row.id as number, { special: value });
  else if (value) await deps.items.createOne(asSystem(ctx), 'service_fields', { collection, field, special: value });
}
