import type { Context } from '../../engine/context.js';
import { invalidPayload } from '../../kernel/errors/index.js';
import { findCollection, type CollectionState } from './find-collection.js';
import { findField } from './find-field.js';
import { findRelation, relatedPrimaryKey, type RelationState } from './find-relation.js';
import { parseRelationMeta } from './parse-relation-input.js';
import { runSchemaChange } from './run-schema-change.js';
import type { SchemaDeps } from './schema.types.js';
import { validateMeta } from './validate-meta.js';
import { isPlainName, validateName } from './validate-name.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';

/** Whether a relation payload describes a many-to-any relation: no related collection, a collection field in its meta. */
export function isAnyRelationInput(input: unknown): boolean {
  return (
    isPlainObject(input) &&
    (input.related_collection === null || input.related_collection === undefined) &&
    isPlainObject(input.meta) &&
    input.meta.one_collection_field != null
  );
}

/** `one_allowed_collections` as sent: an array of names, or Directus's comma-separated text. */
function allowedCollections(value: unknown): string[] {
  const names = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',').map((name) => name.trim()) : null;
  if (!names || names.length === 0 || names.some((name) => typeof name !== 'string' || !isPlainName(name))) {
    throw invalidPayload('"meta.one_allowed_collections" must list the collections the item may be in');
  }
  return [...new Set(names as string[])];
}

/** The collection field is a string field of `many`; every allowed collection exists with a primary key and is not a system collection. */
async function checkAnyTargets(
  ctx: Context,
  deps: SchemaDeps,
  many: CollectionState,
  collectionField: string,
  allowed: string[],
): Promise<void> {
  const named = await findField(ctx, deps, many, collectionField);
  if (!named?.column || named.type !== 'string')
    throw invalidPayload(
      `"meta.one_collection_field" must name a string field of collection "${many.collection}", not "${collectionField}"`,
    );
  for (const name of allowed) {
    const target = await relatedPrimaryKey(ctx, deps, name);
    if (target.state.system) throw invalidPayload(`A many-to-any relation can't point into system collection "${name}"`);
  }
}

/**
 * Changes the meta of a many-to-any relation (its allowed collections, its collection field, …), checked as on
 * creation. It has no foreign key: `schema` may only be null.
 */
export async function updateAnyRelation(
  ctx: Context,
  deps: SchemaDeps,
  current: RelationState,
  input: { meta?: unknown; schema?: unknown },
): Promise<void> {
  if (input.schema !== undefined && input.schema !== null)
    throw invalidPayload('A many-to-any relation has no foreign key: "schema" must be null');
  if (input.meta === undefined || input.meta === null || !current.row) return;
  const meta = parseRelationMeta(input.meta)!;
  const collectionField = (meta.one_collection_field ?? current.row.one_collection_field) as string;
  const allowed = allowedCollections(meta.one_allowed_collections ?? current.row.one_allowed_collections);
  const many = (await findCollection(ctx, deps, current.collection))!;
  await checkAnyTargets(ctx, deps, many, collectionField, allowed);
  validateMeta('service_relations', meta, `the relation "${current.collection}.${current.field}"`);
  await deps.items.updateOne(ctx, 'service_relations', current.row.id as number, {
    ...meta,
    ...(meta.one_allowed_collections !== undefined ? { one_allowed_collections: allowed } : {}),
    one_collection: null,
  });
}

/**
 * Creates a many-to-any relation (`related_collection: null`): `field` of `collection` holds the key of an item
 * in any of `meta.one_allowed_collections`, and `meta.one_collection_field` (a string field beside it) names
 * which. There is no foreign key; every allowed collection must exist and have a primary key. Writes the
 * service_relations row. Returns `[collection, field]`.
 */
export async function createAnyRelation(ctx: Context, deps: SchemaDeps, input: Record<string, unknown>): Promise<[string, string]> {
  const collection = validateName('collection', input.collection);
  const fieldName = validateName('field', input.field);
  if (input.schema !== undefined && input.schema !== null)
    throw invalidPayload('A many-to-any relation has no foreign key: "schema" must be null');
  const meta = parseRelationMeta(input.meta)!;
  const collectionField = meta.one_collection_field as string;
  const allowed = allowedCollections(meta.one_allowed_collections);
  await runSchemaChange(ctx, deps, { collection }, async (trx) => {
    const many = await findCollection(trx, deps, collection);
    if (!many?.table) throw invalidPayload(`Collection "${collection}" doesn't exist`);
    if (many.system) throw invalidPayload(`Relations can't be added to system collection "${collection}"`);
    const field = await findField(trx, deps, many, fieldName);
    if (!field?.column) throw invalidPayload(`Field "${fieldName}" doesn't exist in collection "${collection}"`);
    if (await findRelation(trx, deps, collection, fieldName)) {
      throw invalidPayload(`Field "${fieldName}" in collection "${collection}" already has an associated relationship`);
    }
    await checkAnyTargets(trx, deps, many, collectionField, allowed);
    validateMeta('service_relations', meta, `the relation "${collection}.${fieldName}"`);
    await deps.items.createOne(trx, 'service_relations', {
      ...meta,
      one_allowed_collections: allowed,
      many_collection: collection,
      many_field: fieldName,
      one_collection: null,
    });
  });
  return [collection, fieldName];
}
