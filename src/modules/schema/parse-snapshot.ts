import { invalidPayload } from '../../kernel/errors/index.js';
import { FIELD_TYPES } from '../../kernel/system/field-types.js';
import type {
  IncomingSnapshot,
  SnapshotCollection,
  SnapshotField,
  SnapshotFieldSchema,
  SnapshotRelation,
  SnapshotRelationSchema,
} from './snapshot.types.js';
import { fieldSchema, relationSchema } from './read-snapshot.js';
import { unwrapData } from './unwrap-data.js';

// `flows` and `operations` are read only with the flows option (flows-snapshot.ts), and ignored without it.
const TOP_KEYS = new Set([
  'version',
  'service',
  'directus',
  'vendor',
  'collections',
  'fields',
  'systemFields',
  'relations',
  'flows',
  'operations',
]);
/** The field types a snapshot may use (`unknown` is only ever read, never created). */
export const SNAPSHOT_FIELD_TYPES: readonly string[] = FIELD_TYPES.filter((t) => t !== 'unknown');

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);

function fail(where: string, message: string): never {
  throw invalidPayload(where === '' ? message : `${where}: ${message}`);
}

function text(where: string, entry: Obj, key: string, nullable = false): string | null {
  const value = entry[key];
  if (value === undefined) return fail(where, `"${key}" is required`);
  if (value === null && nullable) return null;
  if (typeof value !== 'string' || value === '')
    return fail(where, `"${key}" must be a ${nullable ? 'string or null' : 'non-empty string'}`);
  return value;
}

function metaOf(where: string, entry: Obj): Obj {
  if (!isObject(entry.meta)) return fail(where, '"meta" must be an object');
  const { id: _id, system: _system, ...meta } = entry.meta;
  return meta;
}

/**
 * Checks the structure of an uploaded snapshot (Directus's rules, with messages that name the entry) and
 * returns it with the `id`s of meta dropped and every column fact present. `directus` is accepted in place of `service`.
 * References between entries are checked later (after a foreign snapshot's names are mapped). The snapshot may come
 * wrapped in `{data}`, as GET /schema/snapshot answers it.
 */
export function parseSnapshot(body: unknown): IncomingSnapshot {
  const input = unwrapData(body);
  if (!isObject(input) || Object.keys(input).length === 0) throw invalidPayload('No data was included in the body');
  for (const key of Object.keys(input)) if (!TOP_KEYS.has(key)) fail('', `"${key}" is not allowed`);
  if (input.version !== 1) fail('', `"version" must be one of [1]`);
  const origin = input.service === undefined && input.directus !== undefined ? 'directus' : 'service';
  const service = input[origin];
  if (typeof service !== 'string' || service === '') fail('', `"service" is required and must be a string`);
  if (input.vendor !== undefined && input.vendor !== null && typeof input.vendor !== 'string') fail('', '"vendor" must be a string');
  for (const key of ['collections', 'fields', 'relations'] as const) if (!Array.isArray(input[key])) fail('', `"${key}" must be an array`);
  if (input.systemFields !== undefined && !Array.isArray(input.systemFields)) fail('', '"systemFields" must be an array');

  const collections = (input.collections as unknown[]).map((entry, i) => parseCollection(entry, `collections[${i}]`));
  const fields = (input.fields as unknown[]).map((entry, i) => parseField(entry, `fields[${i}]`));
  const relations = (input.relations as unknown[]).map((entry, i) => parseRelation(entry, `relations[${i}]`));
  assertUnique(
    collections.map((c) => c.collection),
    (key) => `Collection "${key}" is given more than once`,
  );
  assertUnique(
    fields.map((f) => `${f.collection}.${f.field}`),
    (key) => `Field "${key}" is given more than once`,
  );
  assertUnique(
    relations.map((r) => `${r.collection}.${r.field}`),
    (key) => `Relation "${key}" is given more than once`,
  );

  return {
    origin,
    snapshot: {
      version: 1,
      service: service as string,
      vendor: typeof input.vendor === 'string' ? input.vendor : null,
      collections,
      fields,
      relations,
    },
  };
}

function assertUnique(keys: string[], message: (key: string) => string): void {
  const seen = new Set<string>();
  for (const key of keys) {
    if (seen.has(key)) fail('', message(key));
    seen.add(key);
  }
}

export function parseCollection(entry: unknown, at: string): SnapshotCollection {
  if (!isObject(entry)) return fail(at, 'must be an object with "collection" and "meta"');
  const collection = text(at, entry, 'collection')!;
  const where = `Collection "${collection}"`;
  const meta = metaOf(where, entry);
  if (entry.schema === undefined || entry.schema === null) return { collection, meta };
  if (!isObject(entry.schema)) return fail(where, '"schema" must be an object or null');
  const name = entry.schema.name ?? collection;
  if (name !== collection) fail(where, `"schema.name" must be "${collection}"`);
  return { collection, meta, schema: { name: collection } };
}

export function parseField(entry: unknown, at: string): SnapshotField {
  if (!isObject(entry)) return fail(at, 'must be an object with "collection", "field", "type" and "meta"');
  const collection = text(at, entry, 'collection')!;
  const field = text(at, entry, 'field')!;
  const where = `Field "${collection}.${field}"`;
  const type = entry.type;
  if (typeof type !== 'string' || !SNAPSHOT_FIELD_TYPES.includes(type))
    fail(where, `"type" must be one of [${SNAPSHOT_FIELD_TYPES.join(', ')}], not ${JSON.stringify(type ?? null)}`);
  const meta = metaOf(where, entry);
  if (type === 'alias') {
    if (entry.schema !== undefined && entry.schema !== null) fail(where, 'an alias field has no "schema"');
    return { collection, field, type, meta };
  }
  if (!isObject(entry.schema)) return fail(where, `"schema" must be an object for a field of type "${type as string}"`);
  return { collection, field, type: type as string, meta, schema: parseFieldSchema(where, entry.schema, collection, field) };
}

const BOOLEAN_KEYS = ['is_nullable', 'is_unique', 'is_indexed', 'is_primary_key', 'is_generated', 'has_auto_increment'] as const;
const NUMBER_KEYS = ['max_length', 'numeric_precision', 'numeric_scale'] as const;

function parseFieldSchema(where: string, schema: Obj, collection: string, field: string): SnapshotFieldSchema {
  for (const key of BOOLEAN_KEYS) {
    if (schema[key] !== undefined && schema[key] !== null && typeof schema[key] !== 'boolean')
      fail(where, `"schema.${key}" must be a boolean`);
  }
  for (const key of NUMBER_KEYS) {
    const value = schema[key];
    if (value !== undefined && value !== null && (typeof value !== 'number' || !Number.isInteger(value) || value < 0))
      fail(where, `"schema.${key}" must be a whole number or null`);
  }
  for (const key of ['data_type', 'generation_expression', 'foreign_key_table', 'foreign_key_column'] as const) {
    if (schema[key] !== undefined && schema[key] !== null && typeof schema[key] !== 'string')
      fail(where, `"schema.${key}" must be a string or null`);
  }
  const flag = (key: (typeof BOOLEAN_KEYS)[number], fallback: boolean) =>
    typeof schema[key] === 'boolean' ? (schema[key] as boolean) : fallback;
  const number = (key: (typeof NUMBER_KEYS)[number]) => (typeof schema[key] === 'number' ? (schema[key] as number) : null);
  const string = (key: string) => (typeof schema[key] === 'string' ? (schema[key] as string) : null);
  return fieldSchema({
    name: field,
    table: collection,
    data_type: string('data_type') ?? '',
    default_value: schema.default_value ?? null,
    max_length: number('max_length'),
    numeric_precision: number('numeric_precision'),
    numeric_scale: number('numeric_scale'),
    is_nullable: flag('is_nullable', true),
    is_unique: flag('is_unique', false),
    is_indexed: flag('is_indexed', false),
    is_primary_key: flag('is_primary_key', false),
    is_generated: flag('is_generated', false),
    generation_expression: string('generation_expression'),
    has_auto_increment: flag('has_auto_increment', false),
    foreign_key_table: string('foreign_key_table'),
    foreign_key_column: string('foreign_key_column'),
  });
}

export function parseRelation(entry: unknown, at: string): SnapshotRelation {
  if (!isObject(entry)) return fail(at, 'must be an object with "collection", "field", "related_collection" and "meta"');
  const collection = text(at, entry, 'collection')!;
  const field = text(at, entry, 'field')!;
  const where = `Relation "${collection}.${field}"`;
  const related = entry.related_collection === undefined ? null : text(where, entry, 'related_collection', true);
  const meta = metaOf(where, entry);
  if (entry.schema === undefined || entry.schema === null) return { collection, field, related_collection: related, meta, schema: null };
  if (!isObject(entry.schema)) return fail(where, '"schema" must be an object or null');
  const s = entry.schema;
  for (const key of ['constraint_name', 'on_update', 'on_delete'] as const) {
    if (s[key] !== undefined && s[key] !== null && typeof s[key] !== 'string') fail(where, `"schema.${key}" must be a string or null`);
  }
  const schema: SnapshotRelationSchema = relationSchema({
    table: collection,
    column: field,
    foreign_key_table: typeof s.foreign_key_table === 'string' ? s.foreign_key_table : (related ?? ''),
    foreign_key_column: typeof s.foreign_key_column === 'string' ? s.foreign_key_column : '',
    constraint_name: typeof s.constraint_name === 'string' ? s.constraint_name : null,
    on_update: typeof s.on_update === 'string' ? s.on_update : null,
    on_delete: typeof s.on_delete === 'string' ? s.on_delete : null,
  });
  return { collection, field, related_collection: related, meta, schema };
}
