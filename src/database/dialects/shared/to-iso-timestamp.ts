import { parseTemporal, temporalToDate } from './parse-temporal.js';

/**
 * The API form of a `timestamp`: ISO 8601 in UTC with milliseconds and `Z` (`2026-11-22T03:26:03.536Z`).
 * Text without a zone is read as UTC. Undefined when the value is not a date-time.
 */
export function toIsoTimestamp(value: unknown): string | undefined {
  const parts = parseTemporal(value);
  if (!parts?.hasDate) return undefined;
  return temporalToDate(parts).toISOString();
}
