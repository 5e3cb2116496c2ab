/**
 * How a list cell shows a value by its field's display (`meta.display`, Directus's ids, options in
 * `meta.display_options`), pure: `labels` as badges, `boolean` as words, `datetime` formatted or relative, `image`
 * as a thumbnail, `color` as a swatch with its value, `formatted-value` with prefix, suffix and grouping. Any other
 * display (or none) is plain text. Dates and numbers are written in the app's language (`locale()`) unless told.
 */
import { locale as appLocale, t } from '../i18n/t.js';
import { formatValue } from './content-api.js';

export type Badge = { text: string; foreground: string; background: string };
export type Cell =
  | { kind: 'text'; text: string }
  | { kind: 'labels'; badges: Badge[]; text: string }
  | { kind: 'color'; color: string | null; text: string }
  | { kind: 'image'; id: string; alt: string; text: string };

export type DisplaySpec = {
  display: string | null;
  options: Record<string, unknown>;
  /** The field's interface choices (`meta.options.choices`), the texts of `labels` when the display has none. */
  choices: { text: string; value: string }[];
  label: string;
};

const DARK = '#1F2937';
const LIGHT = '#FFFFFF';
const PLAIN_BACKGROUND = '#E5E7EB';

function rgb(hex: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const full = match[1]!.length === 3 ? [...match[1]!].map((c) => c + c).join('') : match[1]!;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The WCAG contrast ratio of two `#rrggbb` colours (1 when either is not one). */
export function contrast(a: string, b: string): number {
  const x = rgb(a);
  const y = rgb(b);
  if (!x || !y) return 1;
  const [light, dark] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** A badge's colours: the chosen ones when they read at AA (4.5:1), else the chosen background with dark or light text. */
export function readableColors(foreground: unknown, background: unknown): { foreground: string; background: string } {
  const back = typeof background === 'string' && rgb(background) ? background : PLAIN_BACKGROUND;
  const fore = typeof foreground === 'string' && rgb(foreground) ? foreground : DARK;
  if (contrast(fore, back) >= 4.5) return { foreground: fore, background: back };
  return { foreground: contrast(DARK, back) >= contrast(LIGHT, back) ? DARK : LIGHT, background: back };
}

type Choice = { text?: unknown; value?: unknown; foreground?: unknown; background?: unknown };

function badges(value: unknown, spec: DisplaySpec): Badge[] {
  const values = Array.isArray(value)
    ? value
    : typeof value === 'string' && spec.display === 'labels' && value.includes(',') && value !== ''
      ? value.split(',')
      : [value];
  const own = Array.isArray(spec.options['choices']) ? (spec.options['choices'] as Choice[]) : [];
  return values
    .filter((v) => v !== null && v !== undefined && v !== '')
    .map((v) => {
      const key = String(v);
      const choice = own.find((c) => String(c.value) === key);
      const text = typeof choice?.text === 'string' ? choice.text : (spec.choices.find((c) => c.value === key)?.text ?? key);
      return { text, ...readableColors(choice?.foreground, choice?.background) };
    });
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** `value` against `now` in words (`3 days ago`, `in 2 hours`, `now`). */
export function relativeTime(date: Date, now: Date, locale = appLocale()): string {
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const [unit, size] of UNITS)
    if (Math.abs(seconds) >= size || unit === 'second') return format.format(Math.round(seconds / size), unit);
  return format.format(0, 'second');
}

/** A stored date, time or date-time: a date alone is a local day (not midnight UTC), a time is shown as it is. */
export function formatDate(value: string, type: string, options: Record<string, unknown>, now = new Date(), locale = appLocale()): string {
  if (type === 'time') return value.slice(0, options['includeSeconds'] === true ? 8 : 5);
  const dateOnly = type === 'date' || /^\d{4}-\d\d-\d\d$/.test(value);
  const date = dateOnly ? new Date(`${value.slice(0, 10)}T00:00:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  if (options['relative'] === true) return relativeTime(date, now, locale);
  return new Intl.DateTimeFormat(
    locale,
    dateOnly ? { dateStyle: 'medium' } : { dateStyle: 'medium', timeStyle: options['includeSeconds'] === true ? 'medium' : 'short' },
  ).format(date);
}

function formatted(value: unknown, options: Record<string, unknown>, locale: string): string {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  let text =
    options['format'] === true && Number.isFinite(number)
      ? new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }).format(number)
      : formatValue(value);
  if (options['formatTitle'] === true && typeof value === 'string')
    text = text.replace(/[_-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
  const prefix = typeof options['prefix'] === 'string' ? options['prefix'] : '';
  const suffix = typeof options['suffix'] === 'string' ? options['suffix'] : '';
  return `${prefix}${text}${suffix}`;
}

/**
 * What a cell shows for `value` by its display. `type` is the field's type; `related` is the text of a related
 * item (an image column's file read through its display template) used as the thumbnail's alt text.
 */
export function displayCell(
  value: unknown,
  type: string,
  spec: DisplaySpec,
  related: { id: string; text: string } | null = null,
  locale = appLocale(),
): Cell {
  const empty = value === null || value === undefined || value === '';
  if (empty && spec.display !== 'boolean') return { kind: 'text', text: '—' };
  switch (spec.display) {
    case 'labels': {
      const list = badges(value, spec);
      return { kind: 'labels', badges: list, text: list.map((b) => b.text).join(', ') };
    }
    case 'boolean': {
      const on = typeof spec.options['labelOn'] === 'string' ? spec.options['labelOn'] : t('Yes');
      const off = typeof spec.options['labelOff'] === 'string' ? spec.options['labelOff'] : t('No');
      return { kind: 'text', text: empty ? '—' : value === true || value === 1 || value === '1' || value === 'true' ? on : off };
    }
    case 'datetime':
      return {
        kind: 'text',
        text: typeof value === 'string' ? formatDate(value, type, spec.options, new Date(), locale) : formatValue(value),
      };
    case 'color': {
      const text = formatValue(value);
      return { kind: 'color', color: rgb(text) ? text : null, text };
    }
    case 'image': {
      const id = related?.id ?? (typeof value === 'string' ? value : null);
      if (!id) return { kind: 'text', text: formatValue(value) };
      return { kind: 'image', id, alt: related?.text ?? t('{label} image', { label: spec.label }), text: related?.text ?? id };
    }
    case 'formatted-value':
      return { kind: 'text', text: formatted(value, spec.options, locale) };
    default:
      return { kind: 'text', text: formatValue(value) };
  }
}
