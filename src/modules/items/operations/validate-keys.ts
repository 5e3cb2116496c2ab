import { forbidden, invalidPayload } from '../../../kernel/errors/index.js';
import type { CollectionOverview } from '../../../engine/schema-overview/schema-overview.types.js';
import type { PrimaryKey } from '../items.types.js';
import { isUuid } from '../../../kernel/values/is-uuid.js';

/**
 * Keys must fit the primary key's type; one that cannot is answered like a missing item (403), as Directus.
 * Returns the keys in their canonical form (numbers for integer keys).
 */
export function validateKeys(collection: CollectionOverview, keys: unknown[], maxBatch: number | null): PrimaryKey[] {
  if (maxBatch !== null && keys.length > maxBatch) throw invalidPayload(`A batch may touch at most ${maxBatch} items`);
  const type = collection.fields[collection.primary]?.type;
  return keys.map((key) => {
    if (typeof key !== 'string' && typeof key !== 'number') throw forbidden();
    if (type === 'integer' || type === 'bigInteger') {
      const text = String(key).trim();
      if (!/^-?\d+$/.test(text) || !Number.isSafeInteger(Number(text))) throw forbidden();
      return Number(text);
    }
    if (type === 'uuid') {
      if (typeof key !== 'string' || !isUuid(key)) throw forbidden();
      return key.toLowerCase();
    }
    return String(key);
  });
}
