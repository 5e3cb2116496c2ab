import type { ColumnInfo, ForeignKeyInfo } from '../../database/dialects/dialect.js';
import type { Context } from '../../engine/context.js';
import type { FieldType } from '../../kernel/system/field-types.js';
import { isSystemCollection } from '../../kernel/system/system-collections.js';
import type { SchemaDeps } from '../collections/index.js';
import { readMetaRows, type MetaRow } from './read-meta-rows.js';
import type {
  Snapshot,
  SnapshotCollection,
  SnapshotField,
  SnapshotFieldSchema,
  SnapshotMeta,
  SnapshotRelation,
  SnapshotRelationSchema,
} from './snapshot.types.js';
import { compareText, sortKeysDeep } from './sort-keys-deep.js';

/** Keys of meta rows that identify the row rather than describe the schema. */
const ROW_KEYS = new Set(['id', 'system']);

/**
 * The `special` flags that pin a field type where the vendor's column type is ambiguous: the rule the schema
 * overview and the collections module read fields by (the first pinning flag wins, else the column's type).
 */
const SPECIAL_TYPES: Readonly<Record<string, FieldType>> = {
  'cast-json': 'json',
  'cast-csv': 'csv',
  hash: 'hash',
  'cast-boolean': 'boolean',
  'cast-timestamp': 'timestamp',
  'cast-datetime': 'dateTime',
  uuid: 'uuid',
};

function specialList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
  if (typeof value === 'string')
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return [];
}

function fieldType(ctx: Context, meta: MetaRow, column: ColumnInfo): FieldType {
  for (const flag of specialList(meta.special)) {
    const pinned = SPECIAL_TYPES[flag];
    if (pinned) return pinned;
  }
  return ctx.dialect.fieldTypeOf(column);
}

/**
 * The instance's schema as a snapshot (Directus's content rules, docs/schema.md): every user collection, field and
 * relation that has a meta row (untracked tables, columns and foreign keys are left out, as are fields and
 * relations of collections that are left out). The same facts as /collections, /fields and /relations, read
 * in a few queries run side by side. Deterministic: collections by name; fields by collection, `meta.sort` (unsorted last) and
 * name; relations by collection and field; `meta` keys sorted deeply, `id` removed; the other keys in
 * Directus's order. Equal schemas give byte-equal JSON. A field's `foreign_key_*` facts come from the
 * relations in the snapshot (a key without a tracked relation is left out).
 */
export async function readSnapshot(ctx: Context, _deps: SchemaDeps, service: string): Promise<Snapshot> {
  // Introspection and the three meta tables are read side by side over the pool (one after the other in a transaction).
  const reads = [
    () => ctx.dialect.introspect(ctx.db),
    () => readMetaRows(ctx, 'service_collections'),
    () => readMetaRows(ctx, 'service_fields'),
    () => readMetaRows(ctx, 'service_relations'),
  ] as const;
  const [introspected, allCollectionRows, allFieldRows, allRelationRows] = ctx.inTransaction
    ? [await reads[0](), await reads[1](), await reads[2](), await reads[3]()]
    : await Promise.all([reads[0](), reads[1](), reads[2](), reads[3]()]);
  const tables = new Set(introspected.tables.filter((t) => !isSystemCollection(t)));
  const collectionRows = allCollectionRows.filter((r) => !isSystemCollection(String(r.collection)));
  const tracked = new Set(collectionRows.map((r) => String(r.collection)));
  const columns = introspected.columns.filter((c) => tracked.has(c.table) && tables.has(c.table));
  const keys = introspected.foreignKeys.filter((k) => tracked.has(k.table));
  const fieldRows = allFieldRows.filter((r) => tracked.has(String(r.collection)));
  const relationRows = allRelationRows.filter((r) => {
    const related = r.one_collection;
    return tracked.has(String(r.many_collection)) && (typeof related !== 'string' || tracked.has(related) || isSystemCollection(related));
  });

  const columnOf = new Map(columns.map((c) => [`${c.table}.${c.name}`, c]));
  const keyOf = new Map(keys.map((k) => [`${k.table}.${k.column}`, k]));
  const relations = relationRows.map((row) =>
    toRelation(row, keyOf.get(`${String(row.many_collection)}.${String(row.many_field)}`) ?? null),
  );
  const relationOf = new Map(relations.filter((r) => r.schema !== null).map((r) => [`${r.collection}.${r.field}`, r]));

  const fieldOrder = fieldRows[0] ? metaKeyOrder(fieldRows[0]) : [];
  const fields: SnapshotField[] = [];
  for (const row of fieldRows) {
    const collection = String(row.collection);
    const name = String(row.field);
    const column = tables.has(collection) ? columnOf.get(`${collection}.${name}`) : undefined;
    if (!column) {
      fields.push({ collection, field: name, type: 'alias', meta: cleanMeta(row, fieldOrder) });
      continue;
    }
    const type = fieldType(ctx, row, column);
    const relation = relationOf.get(`${collection}.${name}`);
    const field: SnapshotField = { collection, field: name, type, meta: cleanMeta(row, fieldOrder) };
    if (type !== 'alias') field.schema = columnSchema(column, relation ?? null);
    fields.push(field);
  }

  return {
    version: 1,
    service,
    vendor: ctx.dialect.vendor,
    collections: collectionRows
      .map((row): SnapshotCollection => {
        const name = String(row.collection);
        return { collection: name, meta: cleanMeta(row), ...(tables.has(name) ? { schema: { name } } : {}) };
      })
      .sort((a, b) => compareText(a.collection, b.collection)),
    fields: fields.sort(compareFields),
    relations: relations.sort((a, b) => compareText(a.collection, b.collection) || compareText(a.field, b.field)),
  };
}

/** A meta row without its id, keys sorted alphabetically, deeply (nested JSON objects too). */
function cleanMeta(meta: MetaRow, order: string[] = metaKeyOrder(meta)): SnapshotMeta {
  const kept: Record<string, unknown> = {};
  for (const key of order) {
    const value = meta[key];
    kept[key] = value !== null && typeof value === 'object' ? sortKeysDeep(value) : value;
  }
  return kept;
}

/** The keys of a meta row in snapshot order (every row of a meta table has the same keys: sorted once). */
function metaKeyOrder(meta: MetaRow): string[] {
  return Object.keys(meta)
    .filter((key) => !ROW_KEYS.has(key))
    .sort();
}

function columnSchema(column: ColumnInfo, relation: SnapshotRelation | null): SnapshotFieldSchema {
  return fieldSchema({
    name: column.name,
    table: column.table,
    data_type: column.dataType,
    default_value: column.defaultValue ?? null,
    max_length: column.maxLength,
    numeric_precision: column.numericPrecision,
    numeric_scale: column.numericScale,
    is_nullable: column.isNullable,
    is_unique: column.isUnique,
    is_indexed: column.isIndexed,
    is_primary_key: column.isPrimaryKey,
    is_generated: column.isGenerated,
    generation_expression: column.generationExpression,
    has_auto_increment: column.hasAutoIncrement,
    foreign_key_table: relation?.related_collection ?? null,
    foreign_key_column: relation?.schema?.foreign_key_column ?? null,
  });
}

/** The column facts in Directus's key order. */
export function fieldSchema(s: SnapshotFieldSchema): SnapshotFieldSchema {
  return {
    name: s.name,
    table: s.table,
    data_type: s.data_type,
    default_value: s.default_value ?? null,
    max_length: s.max_length,
    numeric_precision: s.numeric_precision,
    numeric_scale: s.numeric_scale,
    is_nullable: s.is_nullable,
    is_unique: s.is_unique,
    is_indexed: s.is_indexed,
    is_primary_key: s.is_primary_key,
    is_generated: s.is_generated,
    generation_expression: s.generation_expression,
    has_auto_increment: s.has_auto_increment,
    foreign_key_table: s.foreign_key_table,
    foreign_key_column: s.foreign_key_column,
  };
}

function toRelation(row: MetaRow, key: ForeignKeyInfo | null): SnapshotRelation {
  const related = typeof row.one_collection === 'string' ? row.one_collection : (key?.foreignKeyTable ?? null);
  return {
    collection: String(row.many_collection),
    field: String(row.many_field),
    related_collection: related,
    meta: cleanMeta(row),
    schema: key
      ? relationSchema({
          table: key.table,
          column: key.column,
          foreign_key_table: key.foreignKeyTable,
          foreign_key_column: key.foreignKeyColumn,
          constraint_name: key.constraintName,
          on_update: key.onUpdate,
          on_delete: key.onDelete,
        })
      : null,
  };
}

/** The foreign key facts in Directus's key order. */
export function relationSchema(s: SnapshotRelationSchema): SnapshotRelationSchema {
  return {
    table: s.table,
    column: s.column,
    foreign_key_table: s.foreign_key_table,
    foreign_key_column: s.foreign_key_column,
    constraint_name: s.constraint_name,
    on_update: s.on_update,
    on_delete: s.on_delete,
  };
}

function sortValue(field: SnapshotField): number {
  const sort = field.meta.sort;
  return typeof sort === 'number' ? sort : Number.MAX_SAFE_INTEGER;
}

export function compareFields(a: SnapshotField, b: SnapshotField): number {
  return compareText(a.collection, b.collection) || sortValue(a) - sortValue(b) || compareText(a.field, b.field);
}
