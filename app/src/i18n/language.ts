import { setCatalogue } from './t.js';

/** The languages the app has besides English (their catalogues are chunks of their own). */
const CATALOGUES: Record<string, () => Promise<Record<string, string>>> = {
  de: () => import('./de.js').then((m) => m.de),
};

/**
 * The app's language: the user's own (`de-DE`, `en-US`; null or unset → the browser's), else the first of the
 * browser's languages the app has; English otherwise.
 */
export function pickLanguage(userLanguage: string | null | undefined, browserLanguages: readonly string[]): string {
  const wanted = userLanguage ? [userLanguage] : browserLanguages;
  for (const tag of wanted) {
    const base = tag.toLowerCase().split('-')[0]!;
    if (base === 'en' || base in CATALOGUES) return base;
  }
  return 'en';
}

/** The browser's preferred languages. */
export function browserLanguages(): readonly string[] {
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

/** Loads the language's catalogue (English: none), makes it current, and sets `<html lang>`. */
export async function applyLanguage(tag: string): Promise<void> {
  const load = CATALOGUES[tag];
  setCatalogue(load ? tag : 'en', load ? await load() : {});
  document.documentElement.lang = load ? tag : 'en';
}
