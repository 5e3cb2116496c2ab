import { isPlainObject } from '../../kernel/values/index.js';

/**
 * A schema document as it came, or the one inside `{data: …}`: `GET /schema/snapshot` and `POST /schema/diff`
 * answer wrapped (as Directus does), so a saved answer may be sent back as it is. Neither a snapshot nor a diff
 * has a `data` key of its own, so an object whose only key is `data` (an object) is always a wrapped document.
 */
export function unwrapData(input: unknown): unknown {
  if (!isPlainObject(input)) return input;
  const keys = Object.keys(input);
  if (keys.length !== 1 || keys[0] !== 'data') return input;
  return isPlainObject(input.data) ? input.data : input;
}
