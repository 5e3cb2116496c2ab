import { invalidPayload } from '../../kernel/errors/index.js';
import { SYSTEM_COLLECTIONS } from '../../kernel/system/system-collections.js';
import { SYSTEM_TABLES } from '../../kernel/system/system-tables.js';

type MetaCollection = 'service_collections' | 'service_fields' | 'service_relations';

/**
 * Checks a meta row payload before any DDL runs (MySQL commits DDL at once, so a meta row refused after it
 * would leave a half-made change): known keys only, values of the right kind, no null in NOT NULL columns,
 * strings within the column's length. The items service checks the same again when it writes the row.
 */
export function validateMeta(collection: MetaCollection, payload: Record<string, unknown>, label: string): void {
  const spec = SYSTEM_COLLECTIONS.find((c) => c.collection === collection)!;
  const columns = new Map(SYSTEM_TABLES.find((t) => t.name === collection)!.columns.map((c) => [c.name, c]));
  for (const [key, value] of Object.entries(payload)) {
    const field = spec.fields[key];
    const column = columns.get(key);
    if (!field || field.type === 'alias' || !column) throw invalidPayload(`"${key}" is not a property of the meta of ${label}`);
    if (value === null || value === undefined) {
      if (column.nullable === false || column.primaryKey === true) throw invalidPayload(`"meta.${key}" of ${label} can't be null`);
      continue;
    }
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
    const text = Array.isArray(value) ? value.join(',') : value;
    if (
      typeof text === 'string' &&
      column.type === 'string' &&
      typeof column.maxLength === 'number' &&
      [...text].length > column.maxLength
    ) {
      wrong(`at most ${column.maxLength} characters long`);
    }
  }
}
