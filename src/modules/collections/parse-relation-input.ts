import { invalidPayload } from '../../kernel/errors/index.js';
import type { ForeignKeyRules } from './foreign-key-ddl.js';
import { isPlainName, validateName } from './validate-name.js';
import { systemCollectionName } from '../../kernel/system/system-collections.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';

/** A relation's meta as sent, without the keys the server sets from the relation itself. */
export type RelationMetaSpec = Record<string, unknown> & { one_field?: string | null };

export type RelationSpec = {
  collection: string;
  field: string;
  related: string;
  /** The service_relations row to write (without many_collection, many_field, one_collection), or null. */
  meta: RelationMetaSpec | null;
  /** The foreign key to create, or null for none (`schema: null`). */
  schema: ForeignKeyRules | null;
};

const ACTIONS = ['NO ACTION', 'RESTRICT', 'CASCADE', 'SET NULL', 'SET DEFAULT'];
const SERVER_KEYS = ['id', 'many_collection', 'many_field', 'one_collection', 'system'];

/** A collection name from a payload: a plain identifier (system collections allowed as the related side, by Directus's names too). */
function collectionName(key: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') throw invalidPayload(`"${key}" is required and must be a string`);
  if (!isPlainName(value)) throw invalidPayload(`"${key}" names an invalid collection "${value}"`);
  return systemCollectionName(value);
}

/** A relation's `meta`: an object (checked names and deselect action) or null; undefined → {}. */
export function parseRelationMeta(value: unknown): RelationMetaSpec | null {
  if (value === null) return null;
  if (value === undefined) return {};
  if (!isPlainObject(value)) throw invalidPayload('"meta" must be an object or null');
  const meta: RelationMetaSpec = {};
  for (const [key, item] of Object.entries(value)) if (!SERVER_KEYS.includes(key)) meta[key] = item;
  for (const key of ['one_field', 'junction_field', 'sort_field', 'one_collection_field'] as const) {
    const name = meta[key];
    if (name !== undefined && name !== null && (typeof name !== 'string' || !isPlainName(name)))
      throw invalidPayload(`"meta.${key}" must be a field name or null`);
  }
  const deselect = meta.one_deselect_action;
  if (deselect !== undefined && deselect !== 'nullify' && deselect !== 'delete')
    throw invalidPayload('"meta.one_deselect_action" must be "nullify" or "delete"');
  return meta;
}

/** A relation's `schema`: the ON DELETE / ON UPDATE rules (Directus: none unless given), or null for no constraint. */
export function parseRelationSchema(value: unknown): ForeignKeyRules | null {
  if (value === null) return null;
  if (value === undefined) return { onDelete: null, onUpdate: null };
  if (!isPlainObject(value)) throw invalidPayload('"schema" must be an object or null');
  const rule = (key: 'on_delete' | 'on_update'): string | null => {
    const given = value[key];
    if (given === undefined || given === null) return null;
    const text = typeof given === 'string' ? given.trim().toUpperCase().replace(/\s+/g, ' ') : '';
    if (!ACTIONS.includes(text)) throw invalidPayload(`"schema.${key}" must be one of ${ACTIONS.join(', ')}`);
    return text;
  };
  return { onDelete: rule('on_delete'), onUpdate: rule('on_update') };
}

/** `{collection, field, related_collection, meta?, schema?}` → RelationSpec; problems are a 400. */
export function parseRelationInput(input: unknown): RelationSpec {
  if (!isPlainObject(input)) throw invalidPayload('The payload must be an object with "collection", "field" and "related_collection"');
  const collection = collectionName('collection', input.collection);
  const field = validateName('field', input.field);
  if (input.related_collection === null || input.related_collection === undefined) {
    throw invalidPayload(
      '"related_collection" is required, unless "meta.one_collection_field" and "meta.one_allowed_collections" make it a many-to-any relation',
    );
  }
  const related = collectionName('related_collection', input.related_collection);
  return { collection, field, related, meta: parseRelationMeta(input.meta), schema: parseRelationSchema(input.schema) };
}
