/** Stored `csv` text as the API array: `a,b` → `['a', 'b']`, empty text → `[]`. Other values unchanged. */
export function toCsvArray(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value === '' ? [] : value.split(',');
}
