import { invalidPayload } from '../../kernel/errors/index.js';
import { SYSTEM_COLLECTIONS, SYSTEM_PREFIX } from '../../kernel/system/system-collections.js';
import type { Snapshot, SnapshotCollection, SnapshotField, SnapshotRelation } from './snapshot.types.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const PRIMARY_TYPES = ['integer', 'bigInteger', 'uuid', 'string'];

/** A snapshot (or the schema an apply would leave) indexed for lookups. */
export type SchemaIndex = {
  collections: Map<string, SnapshotCollection>;
  fields: Map<string, SnapshotField>;
  relations: Map<string, SnapshotRelation>;
  fieldsOf: (collection: string) => SnapshotField[];
};

export const itemKey = (collection: string, field: string) => `${collection}.${field}`;

export function indexSchema(snapshot: Pick<Snapshot, 'collections' | 'fields' | 'relations'>): SchemaIndex {
  const byCollection = new Map<string, SnapshotField[]>();
  for (const f of snapshot.fields) {
    const list = byCollection.get(f.collection) ?? [];
    list.push(f);
    byCollection.set(f.collection, list);
  }
  return {
    collections: new Map(snapshot.collections.map((c) => [c.collection, c])),
    fields: new Map(snapshot.fields.map((f) => [itemKey(f.collection, f.field), f])),
    relations: new Map(snapshot.relations.map((r) => [itemKey(r.collection, r.field), r])),
    fieldsOf: (collection) => byCollection.get(collection) ?? [],
  };
}

function fail(message: string): never {
  throw invalidPayload(message);
}

/** The primary key of a collection in the schema, or of a system collection. */
export function primaryKeyOf(schema: SchemaIndex, collection: string): { field: string; type: string } | null {
  const own = schema.fieldsOf(collection).find((f) => f.schema?.is_primary_key);
  if (own) return { field: own.field, type: own.type };
  const system = SYSTEM_COLLECTIONS.find((s) => s.collection === collection);
  return system ? { field: system.primary, type: system.fields[system.primary]?.type ?? 'integer' } : null;
}

/** A collection's name is a plain identifier outside the system prefix; a table has one usable primary key. */
export function checkCollection(schema: SchemaIndex, collection: SnapshotCollection): void {
  const name = collection.collection;
  if (!NAME.test(name))
    fail(
      `Collection name "${name}" is invalid: use letters, digits and underscores only, at most 64 characters, not starting with a digit`,
    );
  if (name.toLowerCase().startsWith(SYSTEM_PREFIX))
    fail(`Collection "${name}" uses the "${SYSTEM_PREFIX}" prefix, which is reserved for system collections`);
  if (!collection.schema) return;
  const keys = schema.fieldsOf(name).filter((f) => f.schema?.is_primary_key);
  if (keys.length !== 1) fail(`Collection "${name}" must have exactly one primary key field, not ${keys.length}`);
  const key = keys[0]!;
  if (!PRIMARY_TYPES.includes(key.type))
    fail(`The primary key "${name}.${key.field}" must be of type ${PRIMARY_TYPES.join(', ')}, not "${key.type}"`);
}

/** A field belongs to a collection of the schema; only fields of tables have columns. */
export function checkField(schema: SchemaIndex, field: SnapshotField): void {
  const label = `Field "${field.collection}.${field.field}"`;
  if (!NAME.test(field.field))
    fail(`${label} has an invalid name: use letters, digits and underscores only, at most 64 characters, not starting with a digit`);
  const collection = schema.collections.get(field.collection);
  if (!collection) fail(`${label} belongs to collection "${field.collection}", which does not exist`);
  if (field.schema && !collection.schema) fail(`${label} has a column, but collection "${field.collection}" is a folder (no table)`);
  if (field.schema?.has_auto_increment && !field.schema.is_primary_key) fail(`${label} can only auto-increment as the primary key`);
}

/** A relation joins a column of a table to the primary key of an existing collection of the same type. */
export function checkRelation(schema: SchemaIndex, relation: SnapshotRelation): void {
  const label = `Relation "${relation.collection}.${relation.field}"`;
  if (!schema.collections.get(relation.collection)?.schema)
    fail(`${label} belongs to collection "${relation.collection}", which does not exist or has no table`);
  const field = schema.fields.get(itemKey(relation.collection, relation.field));
  if (!field?.schema) fail(`${label} needs field "${relation.field}" with a column in collection "${relation.collection}"`);
  const related = relation.related_collection;
  if (related === null) return checkAnyRelation(schema, relation, label);
  const target = primaryKeyOf(schema, related);
  const exists = schema.collections.get(related)?.schema !== undefined || SYSTEM_COLLECTIONS.some((s) => s.collection === related);
  if (!exists || !target) fail(`${label} points at collection "${related}", which does not exist`);
  if (target.type !== field.type)
    fail(
      `${label}: field "${relation.field}" (${field.type}) can't reference the primary key of "${related}" (${target.type}): the types must be the same`,
    );
  if (relation.schema?.on_delete?.toUpperCase() === 'SET NULL' && !field.schema.is_nullable)
    fail(`${label} can't set null on delete: field "${relation.field}" is not nullable`);
}

/** A many-to-any relation: a string field beside the key names the collection, among existing ones with a primary key. */
function checkAnyRelation(schema: SchemaIndex, relation: SnapshotRelation, label: string): void {
  const meta = (relation.meta ?? {}) as Record<string, unknown>;
  const named = typeof meta.one_collection_field === 'string' ? meta.one_collection_field : null;
  if (!named) fail(`${label} has no related collection and no "meta.one_collection_field": it is neither many-to-one nor many-to-any`);
  const field = schema.fields.get(itemKey(relation.collection, named));
  if (!field?.schema || field.type !== 'string')
    fail(`${label}: "meta.one_collection_field" must name a string field of collection "${relation.collection}"`);
  const allowed = Array.isArray(meta.one_allowed_collections)
    ? meta.one_allowed_collections
    : typeof meta.one_allowed_collections === 'string'
      ? meta.one_allowed_collections.split(',')
      : [];
  if (allowed.length === 0) fail(`${label}: "meta.one_allowed_collections" must list the collections the item may be in`);
  for (const name of allowed) {
    if (typeof name !== 'string' || !schema.collections.get(name)?.schema || !primaryKeyOf(schema, name))
      fail(`${label} may point into collection "${String(name)}", which does not exist or has no primary key`);
  }
  if (relation.schema) fail(`${label} is many-to-any: it has no foreign key, so its "schema" must be null`);
}

/** Every reference of a whole snapshot (uploaded to diff): collections, fields and relations fit together. */
export function checkSnapshotReferences(snapshot: Snapshot): void {
  const schema = indexSchema(snapshot);
  for (const collection of snapshot.collections) checkCollection(schema, collection);
  for (const field of snapshot.fields) checkField(schema, field);
  for (const relation of snapshot.relations) checkRelation(schema, relation);
}
