import { nanoid } from 'nanoid';
import { invalidQuery, type AppError } from '../../kernel/errors/index.js';

export const RANDOM_STRING_DEFAULT_LENGTH = 32;
export const RANDOM_STRING_MAX_LENGTH = 500;

/**
 * A random URL-safe string (nanoid's alphabet, crypto-random) of `length` characters: 32 when absent,
 * otherwise a whole number from 1 to 500. For REST (`GET /utils/random/string?length=`, INVALID_QUERY when out
 * of range, as Directus) and GraphQL (`utils_random_string`, which passes INVALID_PAYLOAD as Directus does).
 */
export function randomString(length: unknown, invalid: (reason: string) => AppError = invalidQuery): string {
  const raw = Array.isArray(length) ? length.at(-1) : length;
  if (raw === undefined || raw === null || raw === '') return nanoid(RANDOM_STRING_DEFAULT_LENGTH);
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  const value = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || value < 1 || value > RANDOM_STRING_MAX_LENGTH) {
    throw invalid(`"length" must be a whole number from 1 to ${RANDOM_STRING_MAX_LENGTH}`);
  }
  return nanoid(value);
}
