import { NOW_DEFAULT } from './normalise-default.js';

/** Whether a column definition's default asks for "now" (`CURRENT_TIMESTAMP`, `NOW()` or Directus's `$NOW`). */
export function isNowDefault(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const text = value.trim().toUpperCase();
  return text === NOW_DEFAULT || text === 'NOW()' || text === '$NOW' || text === 'CURRENT_TIMESTAMP()';
}
