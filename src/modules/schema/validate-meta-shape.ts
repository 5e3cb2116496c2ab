import { invalidPayload } from '../../kernel/errors/index.js';
import { SYSTEM_COLLECTIONS } from '../../kernel/system/system-collections.js';

type MetaCollection = 'service_collections' | 'service_fields' | 'service_relations';

/**
 * Checks a meta object of a snapshot definition before anything is applied (MySQL commits DDL at once, so a
 * meta row refused halfway would leave a half-made apply): known properties only, values of the right kind.
 * The collections module checks lengths and writes the rows.
 */
export function validateMetaShape(collection: MetaCollection, meta: Record<string, unknown>, label: string): void {
  const spec = SYSTEM_COLLECTIONS.find((c) => c.collection === collection)!;
  for (const [key, value] of Object.entries(meta)) {
    const field = key === 'id' ? undefined : spec.fields[key];
    if (!field || field.type === 'alias') throw invalidPayload(`"${key}" is not a property of the meta of ${label}`);
    if (value === null || value === undefined) continue;
    const wrong = (expected: string): never => {
      throw invalidPayload(`"meta.${key}" of ${label} must be ${expected}`);
    };
    switch (field.type) {
      case 'boolean':
        if (typeof value !== 'boolean' && value !== 0 && value !== 1) wrong('a boolean');
        break;
      case 'integer':
        if (typeof value !== 'number' || !Number.isSafeInteger(value)) wrong('an integer');
        break;
      case 'csv':
        if (typeof value !== 'string' && !(Array.isArray(value) && value.every((v) => typeof v === 'string'))) wrong('an array of strings');
        break;
      case 'json':
        break;
      default:
        if (typeof value !== 'string') wrong('a string');
    }
  }
}
