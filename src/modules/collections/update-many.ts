import type { Context } from '../../engine/context.js';
import { invalidPayload } from '../../kernel/errors/index.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';
import { assertSchemaAccess } from './assert-schema-access.js';
import { runSchemaChange } from './run-schema-change.js';
import type { CollectionUpdateInput, FieldUpdateInput, SchemaDeps } from './schema.types.js';
import { updateCollection } from './update-collection.js';
import { updateField } from './update-field.js';

/**
 * The names of a batch's entries, each keyed by `key` (`collection` or `field`): the payload must be a non-empty
 * array of objects naming each entry once.
 */
function namesOf(inputs: unknown, key: 'collection' | 'field'): string[] {
  if (!Array.isArray(inputs) || inputs.length === 0)
    throw invalidPayload(`The payload must be a non-empty array of objects, each with "${key}"`);
  const names = inputs.map((input: unknown, index) => {
    const name = isPlainObject(input) ? input[key] : undefined;
    if (typeof name !== 'string' || name === '') throw invalidPayload(`Item ${index} of the payload needs "${key}" (a string)`);
    return name;
  });
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice !== undefined) throw invalidPayload(`"${twice}" is given more than once`);
  return names;
}

/**
 * `PATCH /collections` with an array: changes several collections' meta in one schema change (one transaction);
 * any refused entry refuses them all. Returns the names in the order given.
 */
export async function updateCollections(ctx: Context, deps: SchemaDeps, inputs: unknown): Promise<string[]> {
  assertSchemaAccess(ctx, 'service_collections', 'update');
  const names = namesOf(inputs, 'collection');
  const entries = inputs as (CollectionUpdateInput & { collection: string })[];
  return runSchemaChange(ctx, deps, { collection: names.join(', ') }, async (trx) => {
    for (const entry of entries) await updateCollection(trx, deps, entry.collection, entry);
    return names;
  });
}

/**
 * `PATCH /fields/:collection` with an array: changes several fields of one collection in one schema change. On
 * vendors whose DDL commits at once (MariaDB/MySQL) a refused entry can leave earlier column changes in place, as a
 * single field change can; every other vendor keeps all or nothing.
 */
export async function updateFields(ctx: Context, deps: SchemaDeps, collection: string, inputs: unknown): Promise<string[]> {
  assertSchemaAccess(ctx, 'service_fields', 'update');
  const names = namesOf(inputs, 'field');
  const entries = inputs as (FieldUpdateInput & { field: string })[];
  return runSchemaChange(ctx, deps, { collection }, async (trx) => {
    for (const entry of entries) await updateField(trx, deps, collection, entry.field, entry);
    return names;
  });
}
