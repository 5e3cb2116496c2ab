/**
 * The API value of a `json` field from what a driver returns: JSON text is parsed (every dialect asks its
 * driver for text, so `"abc"` in the column is the string `abc`). Text that is not JSON, and values that are
 * already parsed, are returned unchanged.
 */
export function parseJsonValue(value: unknown): unknown {
  const text = Buffer.isBuffer(value) ? value.toString('utf8') : value;
  if (typeof text !== 'string') return value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
