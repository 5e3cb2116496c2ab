import { parseTemporal, temporalToDate } from './parse-temporal.js';

const CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const POSTGRES_UTC = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(?:\.\d{1,6})?\+00$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Two ASCII digits at `at` as a number (the caller has checked they are digits). */
function twoDigits(value: string, at: number): number {
  return (value.charCodeAt(at) - 48) * 10 + (value.charCodeAt(at + 1) - 48);
}

/**
 * Whether a string of the canonical shape names a real instant: month 1–12, a day that exists in that month
 * (proleptic Gregorian leap years), hours 0–23, minutes and seconds 0–59. Exactly the strings that survive a
 * `Date.parse` → `toISOString` round trip, without making a Date.
 */
function isValidCanonical(value: string): boolean {
  const month = twoDigits(value, 5);
  const day = twoDigits(value, 8);
  if (month < 1 || month > 12 || day < 1) return false;
  const year = twoDigits(value, 0) * 100 + twoDigits(value, 2);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= days && twoDigits(value, 11) < 24 && twoDigits(value, 14) < 60 && twoDigits(value, 17) < 60;
}

/**
 * The API form of a `timestamp`: ISO 8601 in UTC with milliseconds and `Z` (`2026-11-22T03:26:03.536Z`).
 * Text without a zone is read as UTC. Undefined when the value is not a date-time.
 */
export function toIsoTimestamp(value: unknown): string | undefined {
  // Fast path: already the canonical form (how SQLite stores timestamps). An impossible date such as
  // February 30 still falls through to the full parser and is refused.
  if (typeof value === 'string' && value.length === 24 && CANONICAL.test(value) && isValidCanonical(value)) return value;
  // A driver's Date: its own ISO form is the API form.
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.toISOString();
  // PostgreSQL's text of a timestamptz in a UTC session (`2026-11-26 15:11:45.099123+00`): rearranged, the
  // fraction cut to milliseconds as a Date would.
  if (typeof value === 'string' && POSTGRES_UTC.test(value)) {
    const fraction = value.length > 22 ? value.slice(20, -3) : '';
    const canonical = `${value.slice(0, 10)}T${value.slice(11, 19)}.${fraction.slice(0, 3).padEnd(3, '0')}Z`;
    if (isValidCanonical(canonical)) return canonical;
  }
  const parts = parseTemporal(value);
  if (!parts?.hasDate) return undefined;
  return temporalToDate(parts).toISOString();
}
