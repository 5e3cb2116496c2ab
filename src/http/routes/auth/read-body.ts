import { invalidPayload } from '../../../kernel/errors/index.js';
import { isPlainObject } from '../../../kernel/values/is-plain-object.js';

/** The JSON body of an auth request as an object; no body is `{}`, anything but an object 400 INVALID_PAYLOAD. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null || body === '') return {};
  if (!isPlainObject(body)) throw invalidPayload('The payload must be an object');
  return body;
}

/** A required string field of the body, with Directus's (Joi's) wording when it is missing or not a string. */
export function requiredString(body: Record<string, unknown>, field: string): string {
  const value = body[field];
  if (value === undefined || value === null) throw invalidPayload(`"${field}" is required`);
  if (typeof value !== 'string') throw invalidPayload(`"${field}" must be a string`);
  if (value === '') throw invalidPayload(`"${field}" is not allowed to be empty`);
  return value;
}
