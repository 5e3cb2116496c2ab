/**
 * The calendar layout's month (pure): the weeks shown (Monday first, whole weeks around the month), the filter
 * that reads only them, and the items placed on their days (from a start date and an optional end date). Names of
 * months and weekdays are in the app's language (`locale()`).
 */
import { locale, t } from '../../i18n/t.js';

export type Month = { year: number; month: number };

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** `2026-11` as a month; `today`'s month when absent or wrong. */
export function parseMonth(text: unknown, today: Date): Month {
  const found = typeof text === 'string' ? /^(\d{4})-(\d{2})$/.exec(text) : null;
  const month = found ? Number(found[2]) : 0;
  if (found && month >= 1 && month <= 12) return { year: Number(found[1]), month };
  return { year: today.getFullYear(), month: today.getMonth() + 1 };
}

export function monthText(month: Month): string {
  return `${month.year}-${pad(month.month)}`;
}

export function shiftMonth(month: Month, by: number): Month {
  const index = month.year * 12 + (month.month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The month's name and year, `November 2026` (German `November 2026`). */
export function monthTitle(month: Month): string {
  const date = new Date(Date.UTC(month.year, month.month - 1, 1));
  return date.toLocaleString(locale(), { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** The weekdays' names, Monday first, in full and short (`Monday`, `Mon`; German `Montag`, `Mo`). */
export function weekdayNames(): { long: string; short: string }[] {
  return Array.from({ length: 7 }, (_, i) => {
    // 1 January 2024 was a Monday.
    const day = new Date(Date.UTC(2024, 0, 1 + i));
    const name = (weekday: 'long' | 'short') => day.toLocaleDateString(locale(), { weekday, timeZone: 'UTC' });
    return { long: name('long'), short: name('short') };
  });
}

/** The weeks of the month's grid, Monday to Sunday, each day as `YYYY-MM-DD`. */
export function monthGrid(month: Month): string[][] {
  const first = new Date(Date.UTC(month.year, month.month - 1, 1));
  const start = new Date(first);
  start.setUTCDate(1 - ((first.getUTCDay() + 6) % 7));
  const last = new Date(Date.UTC(month.year, month.month, 0));
  const weeks: string[][] = [];
  const day = new Date(start);
  while (day <= last) {
    const week: string[] = [];
    for (let i = 0; i < 7; i++) {
      week.push(isoDay(day));
      day.setUTCDate(day.getUTCDate() + 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** The day of a date or date-time value (`2026-11-03T10:00:00` → `2026-11-03`; one with a zone in local time). */
export function dayOf(value: unknown): string | null {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  if (!/(Z|[+-]\d{2}:?\d{2})$/.test(value)) return value.slice(0, 10);
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value.slice(0, 10);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The filter reading the items of the days from `first` to `last`: a start within them, or (with an end field) a
 * start before the last day and an end after the first. A `date` field is compared with days, others with times.
 */
export function rangeFilter(
  startField: string,
  endField: string | null,
  type: string,
  first: string,
  last: string,
): Record<string, unknown> {
  const from = type === 'date' ? first : `${first}T00:00:00`;
  const to = type === 'date' ? last : `${last}T23:59:59`;
  const within = { [startField]: { _between: [from, to] } };
  if (!endField) return within;
  return { _or: [within, { _and: [{ [startField]: { _lte: to } }, { [endField]: { _gte: from } }] }] };
}

/** Both filters at once (the toolbar's and the range), or the one there is. */
export function bothFilters(a: Record<string, unknown> | null, b: Record<string, unknown>): Record<string, unknown> {
  return a ? { _and: [a, b] } : b;
}

/** The items of each day of `days`, in the rows' order: on their start day, or every day from start to end. */
export function itemsByDay<T extends Record<string, unknown>>(
  rows: T[],
  startField: string,
  endField: string | null,
  days: string[],
): Map<string, T[]> {
  const out = new Map<string, T[]>(days.map((day) => [day, []]));
  for (const row of rows) {
    const start = dayOf(row[startField]);
    if (!start) continue;
    const endDay = endField ? dayOf(row[endField]) : null;
    const end = endDay && endDay > start ? endDay : start;
    for (const day of days) if (day >= start && day <= end) out.get(day)!.push(row);
  }
  return out;
}

/** The day `by` days after `day` (both `YYYY-MM-DD`). */
export function shiftDay(day: string, by: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + by);
  return isoDay(date);
}

/** The Monday of the week holding `text` (a `YYYY-MM-DD` day), else of `today`'s week. */
export function weekOf(text: unknown, today: Date): string {
  const day =
    typeof text === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))
      ? text
      : `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return shiftDay(day, -weekday);
}

/** The seven days of the week starting on `monday`. */
export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => shiftDay(monday, i));
}

/** `Week of November 9, 2026` (German `Woche vom 9. November 2026`). */
export function weekTitle(monday: string): string {
  const date = new Date(`${monday}T00:00:00Z`);
  return t('Week of {date}', { date: date.toLocaleDateString(locale(), { dateStyle: 'long', timeZone: 'UTC' }) });
}
