import { SYSTEM_PREFIX, isSystemCollection, systemCollectionName } from '../../kernel/system/system-collections.js';

/**
 * The event names an event trigger listens to: each scope (`items.create`), narrowed to the chosen collections
 * (`articles.items.create`) so a write elsewhere takes no detour; other scopes (`users.create`, `auth.login`)
 * as they are. A system collection's writes have their own scope (`service_users` → `users.create`); Directus's
 * names of system collections (`directus_users`) are understood as ours.
 */
export function eventNames(scope: unknown, collections: unknown): string[] {
  const scopes = (typeof scope === 'string' ? [scope] : Array.isArray(scope) ? scope : []).filter(
    (s): s is string => typeof s === 'string',
  );
  const chosen = (Array.isArray(collections) ? collections : [])
    .filter((c): c is string => typeof c === 'string')
    .map(systemCollectionName);
  const names = new Set<string>();
  for (const name of scopes) {
    if (!name.startsWith('items.') || chosen.length === 0) {
      names.add(name);
      continue;
    }
    // A system collection's writes are emitted under its own scope (`service_users` → `users.create`).
    for (const collection of chosen) {
      names.add(
        isSystemCollection(collection) ? `${collection.slice(SYSTEM_PREFIX.length)}${name.slice('items'.length)}` : `${collection}.${name}`,
      );
    }
  }
  return [...names];
}
