/**
 * The app's messages, gettext-style: the English text is the key (`t('Sign in')`, `t('{count} unread', { count })`).
 * English needs no catalogue; another language's catalogue (key → text) is set by setCatalogue before the first
 * render (i18n/language.ts). Kept tiny: it is part of the sign-in chunk.
 */
let catalogue: Readonly<Record<string, string>> = {};
let current = 'en';

/** The chosen language's catalogue and BCP 47 tag ('en' with an empty catalogue is English). */
export function setCatalogue(tag: string, messages: Readonly<Record<string, string>>): void {
  current = tag;
  catalogue = messages;
}

/** The current language's tag ('en', 'de'), for Intl (dates, numbers, plural rules). */
export function locale(): string {
  return current;
}

/** The message for an English text in the current language, `{name}` placeholders filled from `params`. */
export function t(key: string, params?: Readonly<Record<string, string | number>>): string {
  const text = catalogue[key] ?? key;
  return params ? text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole)) : text;
}

/** `one` or `other` (both English keys) by the current language's plural rule for `count`, `{count}` filled in. */
export function plural(count: number, one: string, other: string, params?: Readonly<Record<string, string | number>>): string {
  const form = new Intl.PluralRules(current).select(count) === 'one' ? one : other;
  return t(form, { count, ...params });
}

/** Marks an English text as a message without translating it yet (for tables made at load time; `t(text)` later). */
export function msg(key: string): string {
  return key;
}
