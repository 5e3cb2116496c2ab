import { pad } from './pad.js';
import { parseTemporal } from './parse-temporal.js';

/** The API form of a `date`: `YYYY-MM-DD` (the date as written; a Date object gives its UTC date). */
export function toDateString(value: unknown): string | undefined {
  const parts = parseTemporal(value);
  if (!parts?.hasDate) return undefined;
  return `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
}
