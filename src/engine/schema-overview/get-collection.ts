import { forbiddenCollection } from '../../kernel/errors/index.js';
import type { CollectionOverview, SchemaOverview } from './schema-overview.types.js';

/** The collection, or 403 FORBIDDEN with Directus's "or it does not exist" reason (existence is not revealed). */
export function getCollection(schema: SchemaOverview, name: string, path = 'root'): CollectionOverview {
  const collection = Object.hasOwn(schema.collections, name) ? schema.collections[name] : undefined;
  if (!collection) throw forbiddenCollection(name, path);
  return collection;
}

export function hasCollection(schema: SchemaOverview, name: string): boolean {
  return Object.hasOwn(schema.collections, name);
}
