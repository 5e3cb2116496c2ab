import { createHash } from 'node:crypto';
import type { Snapshot } from './snapshot.types.js';

/**
 * The hash that identifies an instance's schema: SHA-1 (hex) of the deterministic JSON of its snapshot and
 * the server's version (Directus hashes the same two inputs with object-hash; only determinism matters here).
 */
export function hashSnapshot(snapshot: Snapshot): string {
  return createHash('sha1')
    .update(JSON.stringify({ item: snapshot, version: snapshot.service }))
    .digest('hex');
}
