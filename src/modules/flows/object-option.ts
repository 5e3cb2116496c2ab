import { isPlainObject } from '../../kernel/values/is-plain-object.js';
import { OperationFailure } from './operation-failure.js';

/**
 * An operation's option that must be an object, given as one or as JSON text of one (what a template inside text
 * renders to); empty (absent, null, '') is `{}`. Anything else fails the step with `"<name>" must be an object`.
 */
export function objectOption(value: unknown, name: string): Record<string, unknown> {
  if (value === undefined || value === null || value === '') return {};
  if (isPlainObject(value)) return value;
  if (typeof value === 'string') {
    try {
      const parsed = JSON.parse(value) as unknown;
      if (isPlainObject(parsed)) return parsed;
    } catch {
      // Reported below.
    }
  }
  throw new OperationFailure(`"${name}" must be an object`);
}
