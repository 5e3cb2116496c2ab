import { invalidPayload } from '../../kernel/errors/index.js';
import { verifyPassword } from '../../kernel/text/password-hash.js';
import { requiredString } from './generate-hash.js';

/** The PHC prefix of an argon2 hash (`$argon2id$…`, `$argon2i$…`, `$argon2d$…`). */
const ARGON2 = /^\$argon2(id|i|d)\$/;

/**
 * Whether `input.string` matches the argon2 hash `input.hash`; for REST (`POST /utils/hash/verify`) and
 * GraphQL (`utils_hash_verify`). Missing or non-string fields, and a `hash` that is no argon2 hash at all,
 * are 400 INVALID_PAYLOAD (Directus: `Invalid "hash" or "string"`); a wrong string is `false`.
 */
export async function verifyHash(input: unknown): Promise<boolean> {
  const string = requiredString(input, 'string');
  const hash = requiredString(input, 'hash');
  if (!ARGON2.test(hash)) throw invalidPayload('Invalid "hash" or "string"');
  return verifyPassword(hash, string);
}
