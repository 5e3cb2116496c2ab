/** A `csv` API value (array) as stored text: `['a', 'b']` → `a,b`. Other values are returned unchanged. */
export function toCsvText(value: unknown): unknown {
  return Array.isArray(value) ? value.map((item) => String(item)).join(',') : value;
}
