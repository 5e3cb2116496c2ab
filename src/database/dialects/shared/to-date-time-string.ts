import { pad } from './pad.js';
import { parseTemporal, temporalToDate } from './parse-temporal.js';

export type DateTimeFormat = { separator?: 'T' | ' '; milliseconds?: boolean };

/**
 * A zone-less date-time `YYYY-MM-DDTHH:mm:ss` (the API form of `dateTime`). Text without a zone keeps its
 * wall-clock parts; a value with a zone (or a Date) is expressed in UTC. Undefined when it is not a date.
 */
export function toDateTimeString(value: unknown, format: DateTimeFormat = {}): string | undefined {
  let parts = parseTemporal(value);
  if (!parts?.hasDate) return undefined;
  if (parts.offsetMinutes !== null && parts.offsetMinutes !== 0) parts = parseTemporal(temporalToDate(parts));
  if (!parts) return undefined;
  const date = `${parts.year}-${pad(parts.month)}-${pad(parts.day)}`;
  const time = `${pad(parts.hour)}:${pad(parts.minute)}:${pad(parts.second)}`;
  const ms = format.milliseconds ? `.${pad(parts.millisecond, 3)}` : '';
  return `${date}${format.separator ?? 'T'}${time}${ms}`;
}
