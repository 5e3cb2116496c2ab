import { createHash } from 'node:crypto';

/**
 * The hash of an item as a version remembers it (`hash`, `mainHash`): SHA-1 (hex) of the item's JSON with its
 * keys sorted at every level, so the same values always give the same hash whatever order they were read in.
 */
export function hashItem(item: Record<string, unknown>): string {
  return createHash('sha1').update(canonicalJson(item)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
