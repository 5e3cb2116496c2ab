/** The prefix of system collections' tables (`service_users`); their events are named without it (`users.create`). */
const SYSTEM_PREFIX = 'service_';

/**
 * The names a write to `collection` is emitted under, in the order their handlers run: a system collection's
 * own scope (`service_users` → `users.create`, as Directus's `directus_users` → `users.create`), or for a user
 * collection `items.<action>` and then `<collection>.items.<action>`.
 */
export function writeEventNames(collection: string, action: 'create' | 'update' | 'delete'): string[] {
  if (collection.startsWith(SYSTEM_PREFIX)) return [`${collection.slice(SYSTEM_PREFIX.length)}.${action}`];
  return [`items.${action}`, `${collection}.items.${action}`];
}
