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

/**
 * Unique schema names for a document's collections: `componentName`, with `_2`, `_3`, … added when two
 * collections would share one (`blog_posts` and `blog-posts`).
 */
export function componentNames(collections: Iterable<string>): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  for (const collection of collections) {
    const base = componentName(collection);
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
    taken.add(name);
    names.set(collection, name);
  }
  return names;
}
