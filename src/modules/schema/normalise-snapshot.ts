import type { Vendor } from '../../database/dialects/dialect.js';
import type { FieldType } from '../../kernel/system/field-types.js';
import { SYSTEM_COLLECTIONS, SYSTEM_PREFIX } from '../../kernel/system/system-collections.js';
import { DroppedMetaKeys, keepKnownMeta, withMetaDefaults } from './unknown-meta-keys.js';
import { foreignKeyName } from './constraint-name.js';
import type { IncomingSnapshot, Snapshot, SnapshotField, SnapshotMeta, SnapshotRelation } from './snapshot.types.js';
import { VENDOR_COLUMN_FACTS } from './vendor-column-types.js';

type ColumnType = keyof (typeof VENDOR_COLUMN_FACTS)['sqlite']['types'];

/** Whether a snapshot was made by another vendor or by Directus: its vendor-specific facts need mapping. */
export function isForeign(incoming: IncomingSnapshot, vendor: Vendor): boolean {
  return incoming.origin === 'directus' || incoming.snapshot.vendor !== vendor;
}

/**
 * The snapshot as this instance would describe the same schema. Always (facts that follow from others, so
 * a hand-edited snapshot does not differ forever from what applying it gives): a missing `data_type` is this
 * vendor's; a primary key is neither nullable, unique nor indexed by itself and only an integer one
 * auto-increments, with no default of its own (the counter); a unique column is indexed (its unique index), and on MySQL/MariaDB every foreign key
 * column is (the index the key needs); the foreign key facts of fields and relations follow the relations.
 * For a foreign snapshot (another vendor, or Directus) also: Directus's `directus_*` system names become
 * `service_*`; the vendor's spelling of each column (data
 * type, a uuid's length, precisions of other than decimals, constraint names, the default key rule) is this
 * vendor's; and, as Directus does when it applies, a char(36) string that is a primary key or points at a
 * uuid key becomes a uuid; on the same vendor a `data_type` that is one of the dialect's column type variants
 * is kept (it is made as named). Meta keys this server does not store are dropped from every snapshot, each noted
 * in `dropped` (decision 0022).
 */
export function normaliseSnapshot(
  incoming: IncomingSnapshot,
  vendor: Vendor,
  dropped: DroppedMetaKeys = new DroppedMetaKeys(),
  variants: Readonly<Partial<Record<FieldType, readonly string[]>>> = {},
): Snapshot {
  const foreign = isForeign(incoming, vendor);
  // A Directus snapshot of an older version lacks the keys added since: they mean the default.
  const fill = (meta: SnapshotMeta, kind: 'collection' | 'field' | 'relation') =>
    incoming.origin === 'directus' ? withMetaDefaults(meta, kind) : meta;
  const facts = VENDOR_COLUMN_FACTS[vendor];
  const source = incoming.snapshot;
  const rename = (name: string | null) =>
    foreign && incoming.origin === 'directus' && name?.startsWith('directus_') ? `${SYSTEM_PREFIX}${name.slice(9)}` : name;

  const relations: SnapshotRelation[] = source.relations.map((r) => {
    const related = rename(r.related_collection);
    const meta = fill(keepKnownMeta(r.meta, 'relation', `${r.collection}.${r.field}`, dropped), 'relation');
    if (typeof meta.one_collection === 'string') meta.one_collection = rename(meta.one_collection);
    if (Array.isArray(meta.one_allowed_collections))
      meta.one_allowed_collections = meta.one_allowed_collections.map((c) => (typeof c === 'string' ? rename(c) : c));
    return {
      ...r,
      related_collection: related,
      meta,
      schema: r.schema ? { ...r.schema, foreign_key_table: related ?? r.schema.foreign_key_table } : null,
    };
  });

  const fields: SnapshotField[] = source.fields.map((f) => ({
    ...f,
    meta: fill(keepKnownMeta(f.meta, 'field', `${f.collection}.${f.field}`, dropped), 'field'),
    ...(f.schema ? { schema: { ...f.schema } } : {}),
  }));
  const primaryOf = primaryKeys(fields);
  const keyOf = new Map(relations.filter((r) => r.schema && r.related_collection).map((r) => [`${r.collection}.${r.field}`, r]));

  for (const field of fields) {
    const schema = field.schema;
    if (!schema) continue;
    const relation = keyOf.get(`${field.collection}.${field.field}`);
    const target = relation?.related_collection ? primaryOf(relation.related_collection) : null;
    if (schema.is_primary_key) Object.assign(schema, { is_unique: false, is_indexed: false, is_nullable: false });
    if (foreign && field.type === 'string' && schema.max_length === 36 && (schema.is_primary_key || target?.type === 'uuid'))
      field.type = 'uuid';
    if (!(field.type === 'integer' || field.type === 'bigInteger') || !schema.is_primary_key) schema.has_auto_increment = false;
    // The counter is the default of an auto-increment key (Directus on PostgreSQL reports `nextval('…_seq'::regclass)`).
    if (schema.has_auto_increment) schema.default_value = null;
    const type = field.type as ColumnType;
    const column = facts.types[type];
    // A Directus snapshot of this vendor keeps a column type the dialect makes on request (`datetime` timestamps).
    const keepsType = incoming.snapshot.vendor === vendor && (variants[field.type as FieldType] ?? []).includes(schema.data_type);
    if (column && (foreign || schema.data_type === '')) {
      if (!keepsType) schema.data_type = column.dataType;
      if (foreign) mapLengths(schema, field.type as FieldType, column.maxLength);
    }
    schema.foreign_key_table = relation?.related_collection ?? null;
    schema.foreign_key_column = relation ? (target?.field ?? relation.schema?.foreign_key_column ?? null) : null;
    if ((facts.indexesForeignKeys && relation?.schema) || schema.is_unique) schema.is_indexed = true;
  }

  for (const relation of relations) {
    if (!relation.schema) continue;
    const target = relation.related_collection ? primaryOf(relation.related_collection) : null;
    relation.schema.foreign_key_column = target?.field ?? relation.schema.foreign_key_column;
    if (foreign) {
      relation.schema.constraint_name = facts.namesConstraints ? foreignKeyName(relation.collection, relation.field) : null;
      relation.schema.on_update ??= facts.defaultRule;
      relation.schema.on_delete ??= facts.defaultRule;
    }
  }

  return {
    version: 1,
    service: source.service,
    vendor: foreign ? vendor : (source.vendor as Vendor),
    collections: source.collections.map((c) => ({
      ...c,
      meta: fill(keepKnownMeta(c.meta, 'collection', c.collection, dropped), 'collection'),
    })),
    fields,
    relations,
  };
}

/** Lengths and precisions: kept where they are the field's own (strings, decimals), else the vendor's. */
function mapLengths(schema: NonNullable<SnapshotField['schema']>, type: FieldType, fixedLength: number | null | undefined): void {
  if (type === 'string' || type === 'hash') schema.max_length ??= 255;
  else schema.max_length = fixedLength ?? null;
  if (type === 'decimal') {
    schema.numeric_precision ??= 10;
    schema.numeric_scale ??= 5;
  } else {
    schema.numeric_precision = null;
    schema.numeric_scale = null;
  }
}

/** The primary key field of a collection: from the snapshot, or the declaration of a system collection. */
function primaryKeys(fields: SnapshotField[]): (collection: string) => { field: string; type: string } | null {
  const byCollection = new Map<string, { field: string; type: string }>();
  for (const f of fields) if (f.schema?.is_primary_key) byCollection.set(f.collection, { field: f.field, type: f.type });
  return (collection) => {
    const found = byCollection.get(collection);
    if (found) return found;
    const system = SYSTEM_COLLECTIONS.find((s) => s.collection === collection);
    if (!system) return null;
    return { field: system.primary, type: system.fields[system.primary]?.type ?? 'integer' };
  };
}
