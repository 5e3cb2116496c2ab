/** A date, time or date-time split into parts; `offsetMinutes` is null when the text named no zone. */
export type TemporalParts = {
  hasDate: boolean;
  hasTime: boolean;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  offsetMinutes: number | null;
};

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
const TIME_ONLY = /^(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * Reads the ISO-like forms drivers and clients use (`2026-11-22`, `2026-11-22T03:26:03.536Z`,
 * `2026-11-22 03:26:03+00`, `03:26`), a Date (UTC parts) or epoch milliseconds. Anything else, or an
 * impossible date such as February 30, gives undefined.
 */
export function parseTemporal(value: unknown): TemporalParts | undefined {
  if (value instanceof Date) return fromDate(value);
  if (typeof value === 'number') return Number.isFinite(value) ? fromDate(new Date(value)) : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();

  const full = DATE_TIME.exec(text);
  if (full) {
    const [, y, mo, d, h, mi, s, frac, zone] = full;
    return validate({
      hasDate: true,
      hasTime: h !== undefined,
      year: Number(y),
      month: Number(mo),
      day: Number(d),
      hour: Number(h ?? 0),
      minute: Number(mi ?? 0),
      second: Number(s ?? 0),
      millisecond: fraction(frac),
      offsetMinutes: offset(zone),
    });
  }
  const time = TIME_ONLY.exec(text);
  if (time) {
    const [, h, mi, s, frac, zone] = time;
    return validate({
      hasDate: false,
      hasTime: true,
      year: 1970,
      month: 1,
      day: 1,
      hour: Number(h),
      minute: Number(mi),
      second: Number(s ?? 0),
      millisecond: fraction(frac),
      offsetMinutes: offset(zone),
    });
  }
  return undefined;
}

/** The instant the parts name, reading a missing zone as UTC. */
export function temporalToDate(parts: TemporalParts): Date {
  const utc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second, parts.millisecond);
  return new Date(utc - (parts.offsetMinutes ?? 0) * 60_000);
}

function fromDate(date: Date): TemporalParts | undefined {
  if (Number.isNaN(date.getTime())) return undefined;
  return {
    hasDate: true,
    hasTime: true,
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    hour: date.getUTCHours(),
    minute: date.getUTCMinutes(),
    second: date.getUTCSeconds(),
    millisecond: date.getUTCMilliseconds(),
    offsetMinutes: 0,
  };
}

function fraction(digits: string | undefined): number {
  if (!digits) return 0;
  return Number(digits.slice(0, 3).padEnd(3, '0'));
}

function offset(zone: string | undefined): number | null {
  if (zone === undefined) return null;
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0));
}

function validate(parts: TemporalParts): TemporalParts | undefined {
  if (parts.month < 1 || parts.month > 12 || parts.day < 1) return undefined;
  if (parts.hour > 23 || parts.minute > 59 || parts.second > 59) return undefined;
  const daysInMonth = new Date(Date.UTC(parts.year, parts.month, 0)).getUTCDate();
  if (parts.day > daysInMonth) return undefined;
  return parts;
}
