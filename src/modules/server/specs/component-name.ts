import { SYSTEM_PREFIX, isSystemCollection } from '../../../kernel/system/system-collections.js';

/**
 * The name of a collection's schema and tag in the OpenAPI document, as Directus names them: user collections
 * `Items` + the collection in PascalCase (`blog_posts` → `ItemsBlogPosts`), system collections their name
 * without the prefix (`service_users` → `Users`).
 */
export function componentName(collection: string): string {
  const system = isSystemCollection(collection);
  const base = system ? collection.slice(SYSTEM_PREFIX.length) : collection;
  const pascal = base
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
  return system ? pascal : `Items${pascal}`;
}
