import type { Knex } from 'knex';
import type { ColumnInfo, Dialect, ForeignKeyInfo } from '../../database/dialects/dialect.js';
import type { FieldType } from '../../kernel/system/field-types.js';
import { SYSTEM_COLLECTIONS, SYSTEM_RELATIONS, isSystemCollection } from '../../kernel/system/system-collections.js';
import type { CollectionOverview, FieldOverview, Filter, RelationOverview, SchemaOverview } from './schema-overview.types.js';

type MetaRow = Record<string, unknown>;

/** Types that `special` flags pin down where a vendor's column type is ambiguous. */
const SPECIAL_TYPES: Record<string, FieldType> = {
  'cast-json': 'json',
  'cast-csv': 'csv',
  hash: 'hash',
  'cast-boolean': 'boolean',
  'cast-timestamp': 'timestamp',
  'cast-datetime': 'dateTime',
  uuid: 'uuid',
};

/**
 * Builds the immutable SchemaOverview: physical tables and columns (introspection), the meta rows of
 * service_collections / service_fields / service_relations, and the code-declared system collections.
 */
export async function buildSchemaOverview(knex: Knex, dialect: Dialect): Promise<SchemaOverview> {
  const [{ tables, columns, foreignKeys }, collectionRows, fieldRows, relationRows] = await Promise.all([
    dialect.introspect(knex),
    knex('service_collections').select('*') as Promise<MetaRow[]>,
    knex('service_fields').select('*').orderBy('id') as Promise<MetaRow[]>,
    knex('service_relations').select('*').orderBy('id') as Promise<MetaRow[]>,
  ]);
  const bool = (v: unknown) => dialect.fromDatabase('boolean', v) === true;
  const json = (v: unknown) => dialect.fromDatabase('json', v);

  const columnsByTable = new Map<string, ColumnInfo[]>();
  for (const column of columns) {
    const list = columnsByTable.get(column.table) ?? [];
    list.push(column);
    columnsByTable.set(column.table, list);
  }
  const collectionMeta = new Map(collectionRows.map((r) => [String(r.collection), r]));
  const fieldMeta = new Map<string, MetaRow[]>();
  for (const row of fieldRows) {
    const list = fieldMeta.get(String(row.collection)) ?? [];
    list.push(row);
    fieldMeta.set(String(row.collection), list);
  }

  const collections: Record<string, CollectionOverview> = {};
  const systemSpecs = new Map(SYSTEM_COLLECTIONS.map((s) => [s.collection, s]));
  for (const table of tables) {
    const tableColumns = columnsByTable.get(table) ?? [];
    const spec = systemSpecs.get(table);
    if (spec) {
      const fields: Record<string, FieldOverview> = {};
      for (const [name, declared] of Object.entries(spec.fields)) {
        const column = tableColumns.find((c) => c.name === name);
        fields[name] = fieldFromColumn(name, declared.type, declared.special ?? [], column ?? null, null, bool, json);
      }
      collections[table] = {
        collection: table,
        primary: spec.primary,
        singleton: spec.singleton ?? false,
        sortField: spec.sortField ?? null,
        accountability: spec.accountability,
        system: true,
        hasMeta: true,
        fields,
      };
      continue;
    }
    if (isSystemCollection(table)) continue;
    const meta = collectionMeta.get(table) ?? null;
    const metas = fieldMeta.get(table) ?? [];
    const metaByField = new Map(metas.map((m) => [String(m.field), m]));
    const fields: Record<string, FieldOverview> = {};
    const ordered = [...tableColumns];
    for (const column of ordered) {
      const m = metaByField.get(column.name) ?? null;
      const special = csv(m?.special);
      const type = special.map((s) => SPECIAL_TYPES[s]).find((t) => t !== undefined) ?? dialect.fieldTypeOf(column);
      fields[column.name] = fieldFromColumn(column.name, type, special, column, m, bool, json);
    }
    for (const m of metas) {
      const name = String(m.field);
      if (fields[name]) continue;
      fields[name] = fieldFromColumn(name, 'alias', csv(m.special), null, m, bool, json);
    }
    const sortedNames = Object.keys(fields).sort((a, b) => sortKey(metaByField.get(a)) - sortKey(metaByField.get(b)));
    const sortedFields: Record<string, FieldOverview> = {};
    for (const name of sortedNames) sortedFields[name] = fields[name]!;
    const primary = tableColumns.find((c) => c.isPrimaryKey)?.name ?? tableColumns[0]?.name ?? 'id';
    const accountability = meta ? (meta.accountability === null ? null : String(meta.accountability ?? 'all')) : 'all';
    collections[table] = {
      collection: table,
      primary,
      singleton: meta ? bool(meta.singleton) : false,
      sortField: meta?.sort_field ? String(meta.sort_field) : null,
      accountability: accountability === 'activity' ? 'activity' : accountability === null ? null : 'all',
      system: false,
      hasMeta: meta !== null,
      fields: sortedFields,
    };
  }
  return { collections, relations: buildRelations(collections, relationRows, foreignKeys) };
}

function sortKey(meta: MetaRow | undefined): number {
  const sort = meta?.sort;
  return sort === null || sort === undefined ? Number.MAX_SAFE_INTEGER : Number(sort);
}

function csv(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value === '') return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function fieldFromColumn(
  name: string,
  type: FieldType,
  special: string[],
  column: ColumnInfo | null,
  meta: MetaRow | null,
  bool: (v: unknown) => boolean,
  json: (v: unknown) => unknown,
): FieldOverview {
  const validation = meta ? (json(meta.validation) as Filter | null) : null;
  return {
    field: name,
    type: column ? type : 'alias',
    dbType: column?.dataType ?? null,
    nullable: column?.isNullable ?? true,
    defaultValue: column?.defaultValue ?? null,
    maxLength: column?.maxLength ?? null,
    precision: column?.numericPrecision ?? null,
    scale: column?.numericScale ?? null,
    primaryKey: column?.isPrimaryKey ?? false,
    autoIncrement: column?.hasAutoIncrement ?? false,
    generated: column?.isGenerated ?? false,
    unique: column?.isUnique ?? false,
    special,
    alias: column === null,
    searchable: meta ? meta.searchable === null || meta.searchable === undefined || bool(meta.searchable) : true,
    required: meta ? bool(meta.required) : false,
    validation: validation && typeof validation === 'object' ? validation : null,
    hasMeta: meta !== null,
  };
}

function buildRelations(
  collections: Record<string, CollectionOverview>,
  rows: MetaRow[],
  foreignKeys: ForeignKeyInfo[],
): RelationOverview[] {
  const fk = (table: string, column: string) => foreignKeys.find((f) => f.table === table && f.column === column) ?? null;
  const schemaOf = (table: string, column: string): RelationOverview['schema'] => {
    const key = fk(table, column);
    return key ? { constraintName: key.constraintName, onUpdate: key.onUpdate, onDelete: key.onDelete } : null;
  };
  const relations: RelationOverview[] = [];
  const seen = new Set<string>();
  for (const spec of SYSTEM_RELATIONS) {
    relations.push({
      collection: spec.collection,
      field: spec.field,
      relatedCollection: spec.related,
      oneField: spec.oneField,
      junctionField: null,
      sortField: null,
      oneDeselectAction: 'nullify',
      schema: schemaOf(spec.collection, spec.field),
      hasMeta: true,
      system: true,
    });
    seen.add(`${spec.collection}.${spec.field}`);
  }
  for (const row of rows) {
    const collection = String(row.many_collection);
    const field = String(row.many_field);
    if (!collections[collection] || seen.has(`${collection}.${field}`)) continue;
    const related = row.one_collection ? String(row.one_collection) : null;
    const anyField = !related && row.one_collection_field ? String(row.one_collection_field) : null;
    relations.push({
      collection,
      field,
      relatedCollection: related && collections[related] ? related : null,
      ...(anyField
        ? { anyCollectionField: anyField, anyAllowedCollections: csvList(row.one_allowed_collections).filter((name) => collections[name]) }
        : {}),
      oneField: row.one_field ? String(row.one_field) : null,
      junctionField: row.junction_field ? String(row.junction_field) : null,
      sortField: row.sort_field ? String(row.sort_field) : null,
      oneDeselectAction: row.one_deselect_action === 'delete' ? 'delete' : 'nullify',
      schema: schemaOf(collection, field),
      hasMeta: true,
      system: false,
    });
    seen.add(`${collection}.${field}`);
  }
  for (const key of foreignKeys) {
    if (seen.has(`${key.table}.${key.column}`) || !collections[key.table] || !collections[key.foreignKeyTable]) continue;
    if (collections[key.table]!.system) continue;
    relations.push({
      collection: key.table,
      field: key.column,
      relatedCollection: key.foreignKeyTable,
      oneField: null,
      junctionField: null,
      sortField: null,
      oneDeselectAction: 'nullify',
      schema: { constraintName: key.constraintName, onUpdate: key.onUpdate, onDelete: key.onDelete },
      hasMeta: false,
      system: false,
    });
    seen.add(`${key.table}.${key.column}`);
  }
  return relations;
}

/** A CSV column (`a,b`), or a JSON array some drivers hand back, as a list of names. */
function csvList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value !== 'string' || value === '') return [];
  return value
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}
