import { isPlainObject } from '../../kernel/values/is-plain-object.js';

const WHOLE = /^\{\{\s*([^{}]+?)\s*\}\}$/;
const ANY = /\{\{\s*([^{}]+?)\s*\}\}/g;

/**
 * Fills the `{{ path }}` placeholders of an operation's options from the data chain, through objects and arrays.
 * A string that is exactly one placeholder becomes the raw value (an object stays an object); placeholders
 * inside text become text (objects as JSON, a missing value as nothing). Keys are never templates.
 */
export function renderTemplate(value: unknown, data: Record<string, unknown>): unknown {
  if (typeof value === 'string') {
    const whole = WHOLE.exec(value);
    if (whole) return readPath(data, whole[1]!);
    return value.replace(ANY, (_match, path: string) => asText(readPath(data, path)));
  }
  if (Array.isArray(value)) return value.map((entry) => renderTemplate(entry, data));
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, renderTemplate(entry, data)]));
  }
  return value;
}

/** `a.b[0].c` or `a.b.0.c` from `data`; undefined when any step is missing. Own properties only. */
export function readPath(data: unknown, path: string): unknown {
  const steps = path
    .replace(/\[(\w+)\]/g, '.$1')
    .split('.')
    .filter((step) => step !== '');
  let current: unknown = data;
  for (const step of steps) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, step)) return undefined;
    current = (current as Record<string, unknown>)[step];
  }
  return current;
}

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number | boolean);
}
