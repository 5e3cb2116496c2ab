import type { CacheRegistry, CacheStats } from '../../kernel/caches/index.js';
import type { Accountability } from '../../kernel/context/index.js';
import { forbidden } from '../../kernel/errors/index.js';

/**
 * The caches of this instance with their bounds and counters (`GET /server/caches`, decision 0050):
 * administrators only (FORBIDDEN otherwise). Each instance answers for itself.
 */
export function listCaches(caches: Pick<CacheRegistry, 'list'>, accountability: Accountability): CacheStats[] {
  if (!accountability.admin) throw forbidden();
  return caches.list();
}
