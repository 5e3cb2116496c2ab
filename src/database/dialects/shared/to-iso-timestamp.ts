import { parseTemporal, temporalToDate } from './parse-temporal.js';

const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The API form of a `timestamp`: ISO 8601 in UTC with milliseconds and `Z` (`2026-11-22T03:26:03.536Z`).
 * Text without a zone is read as UTC. Undefined when the value is not a date-time.
 */
export function toIsoTimestamp(value: unknown): string | undefined {
  // Fast path: already the canonical form (how SQLite stores timestamps). Checked by round trip, so an
  // impossible date such as February 30 still falls through to the full parser and is refused.
  if (typeof value === 'string' && value.length === 24 && CANONICAL.test(value)) {
    const time = Date.parse(value);
    if (!Number.isNaN(time) && new Date(time).toISOString() === value) return value;
  }
  const parts = parseTemporal(value);
  if (!parts?.hasDate) return undefined;
  return temporalToDate(parts).toISOString();
}
