import { invalidPayload } from '../../kernel/errors/index.js';
import { withColumnDefaults } from './parse-column-options.js';
import { parseFieldInput, type FieldSpec } from './parse-field-input.js';
import { validateName } from './validate-name.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';

/** A collection to create, checked and normalised. */
export type CollectionSpec = {
  collection: string;
  /** The service_collections row to write (without `collection`), or null for none. */
  meta: Record<string, unknown> | null;
  /** True for a folder: no table, meta only. */
  folder: boolean;
  /** The fields in order, the primary key first when it was added. */
  fields: FieldSpec[];
};

const PRIMARY_TYPES = ['integer', 'bigInteger', 'uuid', 'string'];

/** The auto-increment `id` Directus adds when a new table names no primary key. */
function defaultPrimaryKey(): FieldSpec {
  return {
    field: 'id',
    type: 'integer',
    meta: { hidden: true, interface: 'numeric', readonly: true },
    special: [],
    column: withColumnDefaults('integer', { primaryKey: true, autoIncrement: true, nullable: false }),
  };
}

/**
 * `{collection, meta?, schema?, fields?}` → CollectionSpec. `meta` absent means a row with the defaults,
 * `meta: null` no row; `schema: null` a folder. Without a primary key field, a field named `id` becomes it,
 * else an auto-increment `id` is added. Every problem is a 400 before anything is written.
 */
export function parseCollectionInput(input: unknown): CollectionSpec {
  if (!isPlainObject(input)) throw invalidPayload('The payload must be an object with "collection"');
  const collection = validateName('collection', input.collection);
  let meta: Record<string, unknown> | null = {};
  if (input.meta === null) meta = null;
  else if (input.meta !== undefined) {
    if (!isPlainObject(input.meta)) throw invalidPayload('"meta" must be an object or null');
    const { collection: _collection, system: _system, ...rest } = input.meta;
    meta = rest;
  }
  if (input.schema !== undefined && input.schema !== null && !isPlainObject(input.schema))
    throw invalidPayload('"schema" must be an object or null');
  const folder = input.schema === null;
  if (folder && meta === null) throw invalidPayload('A collection needs a "schema" (a table) or a "meta" (a folder)');
  if (input.fields !== undefined && input.fields !== null && !Array.isArray(input.fields))
    throw invalidPayload('"fields" must be an array');

  const fields = ((input.fields as unknown[] | null | undefined) ?? []).map(parseFieldInput);
  const seen = new Set<string>();
  for (const field of fields) {
    const key = field.field.toLowerCase();
    if (seen.has(key)) throw invalidPayload(`Field "${field.field}" is given more than once`);
    seen.add(key);
  }
  if (folder) {
    const column = fields.find((f) => f.column !== null);
    if (column) throw invalidPayload(`A collection without a schema (a folder) can't have field "${column.field}" with a column`);
    return { collection, meta, folder, fields };
  }

  const primaries = fields.filter((f) => f.column?.primaryKey);
  if (primaries.length > 1) throw invalidPayload('A collection can have only one primary key field');
  if (primaries.length === 0) {
    const id = fields.find((f) => f.field === 'id' && f.column !== null);
    if (!id) return { collection, meta, folder, fields: [defaultPrimaryKey(), ...fields] };
    if (!PRIMARY_TYPES.includes(id.type)) throw invalidPayload(`The primary key "id" must be of type ${PRIMARY_TYPES.join(', ')}`);
    id.column = {
      ...id.column!,
      primaryKey: true,
      nullable: false,
      unique: false,
      indexed: false,
      autoIncrement: id.type === 'integer' || id.type === 'bigInteger',
    };
  }
  return { collection, meta, folder, fields };
}
