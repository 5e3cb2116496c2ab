import type { CacheSync } from '../../engine/cache-sync/create-cache-sync.js';
import type { Accountability } from '../../kernel/context/accountability.js';
import { forbidden } from '../../kernel/errors/index.js';

/**
 * Clearing the caches of every instance, for REST (`POST /utils/cache/clear`) and GraphQL (`utils_cache_clear`):
 * administrators only (FORBIDDEN otherwise, as Directus); the permission caches, with `system` the schema caches too.
 */
export async function clearCaches(
  cacheSync: Pick<CacheSync, 'clear'>,
  accountability: Accountability,
  options: { system: boolean },
): Promise<void> {
  if (!accountability.admin) throw forbidden();
  await cacheSync.clear(options);
}
