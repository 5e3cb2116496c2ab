import { invalidPayload } from '../../kernel/errors/index.js';
import { SYSTEM_PREFIX } from '../../kernel/system/system-collections.js';

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/**
 * A collection or field name must be a plain identifier (letters, digits, underscores, at most 64 characters,
 * not starting with a digit); collections may not use the system prefix. Anything else is a 400 naming the
 * problem, so hostile names never reach SQL.
 */
export function validateName(kind: 'collection' | 'field' | 'related collection', value: unknown): string {
  const label = kind.charAt(0).toUpperCase() + kind.slice(1);
  if (typeof value !== 'string' || value === '')
    throw invalidPayload(`"${kind === 'related collection' ? 'related_collection' : kind}" is required and must be a string`);
  if (!NAME.test(value)) {
    throw invalidPayload(
      `${label} name "${value}" is invalid: use letters, digits and underscores only, at most 64 characters, not starting with a digit`,
    );
  }
  if (kind === 'collection' && value.toLowerCase().startsWith(SYSTEM_PREFIX)) {
    throw invalidPayload(
      `Collection name "${value}" is invalid: names starting with "${SYSTEM_PREFIX}" are reserved for system collections`,
    );
  }
  return value;
}

/** Whether a name is a plain identifier (for names read from the path, where a bad one is simply unknown). */
export function isPlainName(value: string): boolean {
  return NAME.test(value);
}
