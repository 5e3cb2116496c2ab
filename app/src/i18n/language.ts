import { setCatalogue } from './t.js';

/** Which messages to load: the signed-out pages' only (before sign-in), or all of them. */
export type CatalogueScope = 'signed-out' | 'all';

type Messages = Record<string, string>;

/**
 * The languages the app has besides English, each as two chunks: the signed-out pages' messages, loaded before the
 * sign-in page shows, and the rest, loaded with them after sign-in (decision 0151).
 */
const CATALOGUES: Record<string, Record<CatalogueScope, () => Promise<Messages>>> = {
  de: {
    'signed-out': () => import('./de-signed-out.js').then((m) => m.deSignedOut),
    all: () =>
      Promise.all([import('./de-signed-out.js'), import('./de.js')]).then(([signedOut, rest]) => ({
        ...signedOut.deSignedOut,
        ...rest.de,
      })),
  },
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

/** Loads the language's catalogue (English: none; `scope`: which messages), makes it current, and sets `<html lang>`. */
export async function applyLanguage(tag: string, scope: CatalogueScope = 'all'): Promise<void> {
  const load = CATALOGUES[tag]?.[scope];
  setCatalogue(load ? tag : 'en', load ? await load() : {});
  document.documentElement.lang = load ? tag : 'en';
}

/** Fetches the language's whole catalogue ahead of `applyLanguage` (while a session is restored; decision 0182). */
export function preloadLanguage(tag: string): void {
  void CATALOGUES[tag]?.all().catch(() => undefined);
}
