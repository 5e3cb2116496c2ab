/** A JSON-style object: not null, not an array (a class instance passes too; callers check JSON input). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
