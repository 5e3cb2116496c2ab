import { invalidPayload } from '../../kernel/errors/index.js';
import { hashPassword, type PasswordHashCost } from '../../kernel/text/password-hash.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';

/**
 * An argon2 hash of `input.string`, with the same helper (and parameters) that hashes passwords; for REST
 * (`POST /utils/hash/generate`) and GraphQL (`utils_hash_generate`). Anyone may call it, as in Directus.
 * A missing, empty or non-string `string` is 400 INVALID_PAYLOAD.
 */
export async function generateHash(input: unknown, cost: PasswordHashCost): Promise<string> {
  return hashPassword(requiredString(input, 'string'), cost);
}

/** `input[key]` as a non-empty string, else INVALID_PAYLOAD naming the key. */
export function requiredString(input: unknown, key: string): string {
  const value = isPlainObject(input) ? input[key] : undefined;
  if (value === undefined || value === null || value === '') throw invalidPayload(`"${key}" is required`);
  if (typeof value !== 'string') throw invalidPayload(`"${key}" must be a string`);
  return value;
}
