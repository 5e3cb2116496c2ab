import { getFieldRelation } from '../../../engine/schema-overview/get-field-relation.js';
import type { FieldOverview, SchemaOverview } from '../../../engine/schema-overview/schema-overview.types.js';
import { fieldTypeSchema } from './field-type-schema.js';
import type { SchemaObject } from './oas.types.js';
import type { CollectionUse } from './spec-access.js';

/**
 * The schema of one collection's items: one property per field the caller may use. A many-to-one field is the
 * related key or (when the document has the related collection, `names`) the related item; a one-to-many field
 * is a list of either. Columns that accept null are `nullable`. No property is required: every read may pick
 * fields.
 */
export function collectionComponent(schema: SchemaOverview, use: CollectionUse, names: ReadonlyMap<string, string>): SchemaObject {
  const overview = schema.collections[use.collection];
  const properties: Record<string, SchemaObject> = {};
  for (const name of use.fields) {
    const field = overview?.fields[name];
    if (!field) continue;
    const property = fieldSchema(schema, use.collection, field, names);
    if (property) properties[name] = property;
  }
  return { type: 'object', properties, 'x-collection': use.collection };
}

/** One field's property; null for alias fields that are no relation (nothing to read or write). */
export function fieldSchema(
  schema: SchemaOverview,
  collection: string,
  field: FieldOverview,
  names: ReadonlyMap<string, string>,
): SchemaObject | null {
  const relation = getFieldRelation(schema, collection, field.field);
  if (relation) {
    const keyOrItem = relatedKeyOrItem(schema, relation.related, names);
    if (!keyOrItem) return null;
    if (relation.kind === 'o2m') return { type: 'array', items: keyOrItem };
    return withNullable(keyOrItem, field.nullable);
  }
  const base = fieldTypeSchema(field.type);
  if (!base) return null;
  return withNullable(base, field.nullable);
}

/** The related collection's key type, or `oneOf` key and item when the document has the related collection. */
function relatedKeyOrItem(schema: SchemaOverview, related: string, names: ReadonlyMap<string, string>): SchemaObject | null {
  const overview = schema.collections[related];
  const primary = overview?.fields[overview.primary];
  const key = primary ? fieldTypeSchema(primary.type) : null;
  if (!key) return null;
  const name = names.get(related);
  if (name === undefined) return key;
  return { oneOf: [key, { $ref: `#/components/schemas/${name}` }] };
}

function withNullable(schema: SchemaObject, nullable: boolean): SchemaObject {
  return nullable ? { ...schema, nullable: true } : schema;
}
