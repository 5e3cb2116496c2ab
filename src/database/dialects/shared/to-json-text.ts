/** JSON text for a `json` value, bound as a string on every vendor. Null and undefined stay as they are. */
export function toJsonText(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  try {
    return JSON.stringify(value);
  } catch {
    return value;
  }
}
