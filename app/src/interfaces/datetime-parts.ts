/**
 * The parts of a `datetime` interface's value (pure): a date-time text (`2024-05-01T14:30:00`, local, as the form
 * holds it) or a time (`14:30:00`) as its date, hour, minute and second as typed, and back; the 12-hour clock's
 * conversions (`options.use24: false`); the value as people read it.
 */

/** What the inputs hold: the date (`YYYY-MM-DD`), the hour on the 24-hour clock, the minute and second, as typed. */
export type DateTimeDraft = { date: string; hour: string; minute: string; second: string; pm: boolean };

const pad = (n: number) => String(n).padStart(2, '0');

/** The parts of a field's text (`time`: no date). */
export function splitDateTime(text: string, type: string): DateTimeDraft {
  const match =
    type === 'time'
      ? /^()(\d\d):(\d\d)(?::(\d\d))?/.exec(text.trim())
      : /^(\d{4}-\d\d-\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d))?)?/.exec(text.trim());
  if (!match) return { date: '', hour: '', minute: '', second: '', pm: false };
  return { date: match[1] ?? '', hour: match[2] ?? '', minute: match[3] ?? '', second: match[4] ?? '', pm: Number(match[2] ?? 0) >= 12 };
}

const number = (text: string, max: number): number | null => {
  if (text.trim() === '') return 0;
  const n = Number(text);
  return Number.isInteger(n) && n >= 0 && n <= max ? n : null;
};

/**
 * The field's text for the parts: '' when all are empty, null while they are not a whole value (a time without its
 * date, a number out of range). An empty minute or second is 0; the seconds are 00 unless `includeSeconds`.
 */
export function joinDateTime(draft: DateTimeDraft, type: string, includeSeconds: boolean): string | null {
  const empty = draft.date === '' && draft.hour === '' && draft.minute === '' && draft.second === '';
  if (empty) return '';
  if (type !== 'time' && !/^\d{4}-\d\d-\d\d$/.test(draft.date)) return null;
  if (type === 'time' && draft.hour === '') return null;
  const hour = number(draft.hour, 23);
  const minute = number(draft.minute, 59);
  const second = includeSeconds ? number(draft.second, 59) : 0;
  if (hour === null || minute === null || second === null) return null;
  const time = `${pad(hour)}:${pad(minute)}:${pad(second)}`;
  return type === 'time' ? time : `${draft.date}T${time}`;
}

/** An hour of the 24-hour clock on the 12-hour one (0 is 12 AM, 13 is 1 PM). */
export function to12(hour: number): { hour: number; pm: boolean } {
  return { hour: hour % 12 === 0 ? 12 : hour % 12, pm: hour >= 12 };
}

/** An hour of the 12-hour clock (1–12) with AM or PM on the 24-hour one. */
export function from12(hour: number, pm: boolean): number {
  return (hour % 12) + (pm ? 12 : 0);
}

/** The value as people read it in `locale`, on the 24- or 12-hour clock, with seconds or without. */
export function formatDateTime(text: string, type: string, use24: boolean, includeSeconds: boolean, locale: string): string {
  const draft = splitDateTime(text, type);
  const joined = joinDateTime(draft, type, true);
  if (!joined) return text;
  const date = new Date(type === 'time' ? `1970-01-01T${joined}` : joined);
  if (Number.isNaN(date.getTime())) return text;
  const time = { hour: 'numeric', minute: '2-digit', hourCycle: use24 ? 'h23' : 'h12' } as const;
  return new Intl.DateTimeFormat(locale, {
    ...(type === 'time' ? {} : { year: 'numeric', month: 'short', day: 'numeric' }),
    ...time,
    ...(includeSeconds ? { second: '2-digit' } : {}),
  }).format(date);
}
