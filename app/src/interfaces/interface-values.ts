/**
 * Value conversions of the basic interfaces (pure): list values (a JSON array, or a comma string for `csv`
 * fields), slider bounds, colours, the "Now" of the date and time inputs.
 */

/** The values of a list field's text: a JSON array (`["a","b"]`) or a comma string (`a,b`, how `csv` reads). */
export function parseList(text: string): string[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  if (trimmed.startsWith('[')) {
    try {
      const parsed = JSON.parse(trimmed) as unknown;
      if (Array.isArray(parsed)) return parsed.map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
    } catch {
      // not JSON: read it as a comma string below
    }
  }
  return trimmed
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** A list as its field's text: a comma string for `csv`, else a JSON array; nothing is the empty text (null). */
export function formatList(values: string[], type: string): string {
  if (values.length === 0) return '';
  return type === 'csv' ? values.join(',') : JSON.stringify(values);
}

/** The list with `value` added once (trimmed; commas cut it into several for a comma string). */
export function addToList(values: string[], entry: string): string[] {
  const next = [...values];
  for (const part of entry.split(',').map((p) => p.trim())) if (part !== '' && !next.includes(part)) next.push(part);
  return next;
}

const numberOr = (value: unknown, fallback: number): number => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : fallback;
};

/** A slider's bounds and step from its options (`minValue`, `maxValue`, `stepInterval`; 0–100 by 1 otherwise). */
export function sliderRange(options: Record<string, unknown>): { min: number; max: number; step: number } {
  const min = numberOr(options['minValue'], 0);
  const max = Math.max(min, numberOr(options['maxValue'], 100));
  const step = numberOr(options['stepInterval'], 1);
  return { min, max, step: step > 0 ? step : 1 };
}

/** A colour typed as text as `#rrggbb` (`#abc` widened, any case, `#` optional), or null when it is not one. */
export function normaliseColor(text: string): string | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  if (!match) return null;
  const hex = match[1]!;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return `#${full.toUpperCase()}`;
}

/** The colour presets of `select-color` (`options.presets: [{ name, color }]`) that are colours. */
export function colorPresets(options: Record<string, unknown>): { name: string; color: string }[] {
  const presets = Array.isArray(options['presets']) ? (options['presets'] as unknown[]) : [];
  return presets.flatMap((preset) => {
    const entry = preset as { name?: unknown; color?: unknown } | null;
    const color = typeof entry?.color === 'string' ? normaliseColor(entry.color) : null;
    if (!color) return [];
    return [{ name: typeof entry?.name === 'string' && entry.name.trim() !== '' ? entry.name : color, color }];
  });
}

/** The string presets of `tags` (`options.presets`). */
export function stringPresets(options: Record<string, unknown>): string[] {
  const presets = options['presets'];
  return Array.isArray(presets) ? presets.filter((p): p is string => typeof p === 'string' && p.trim() !== '') : [];
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The text of a date, time or date-time input for `now` (local time, as the native inputs take it): seconds only
 * when `includeSeconds` (else :00, so a minute input shows a whole minute).
 */
export function nowText(type: string, now: Date, includeSeconds: boolean): string {
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}:${pad(now.getMinutes())}:${includeSeconds ? pad(now.getSeconds()) : '00'}`;
  if (type === 'date') return date;
  if (type === 'time') return time;
  return `${date}T${time}`;
}
