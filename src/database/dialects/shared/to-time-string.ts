import { pad } from './pad.js';
import { parseTemporal } from './parse-temporal.js';

/** The API form of a `time`: `HH:mm:ss` (the wall-clock time as written; a Date object gives its UTC time). */
export function toTimeString(value: unknown): string | undefined {
  const parts = parseTemporal(value);
  if (!parts?.hasTime) return undefined;
  return `${pad(parts.hour)}:${pad(parts.minute)}:${pad(parts.second)}`;
}
