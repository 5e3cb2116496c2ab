import { readMe, readSettings, readTranslations } from '@directus/sdk';
import type { Client } from '../api/client.js';
import { applyLanguage, browserLanguages, pickLanguage } from '../i18n/language.js';
import { setTranslationStrings } from './system-label.js';
import { FALLBACK_LANGUAGE, translationStrings, type TranslationRow } from './translation-strings.js';

/**
 * Reads the project's translation strings for the signed-in user's language (their own, else the project's
 * default, else en-US) with en-US as fallback, and hands them to systemLabel; loads the app's message catalogue
 * for the user's language (i18n/language.ts). Loaded after sign-in as its own chunk, so the sign-in page carries
 * none of it.
 */
export async function loadTranslations(client: Client): Promise<void> {
  const [me, settings] = await Promise.all([
    client.request(readMe({ fields: ['language'] })).catch(() => ({ language: null })),
    client.request(readSettings({ fields: ['default_language'] })).catch(() => ({ default_language: null })),
  ]);
  const language =
    (me as { language?: string | null }).language ||
    (settings as { default_language?: string | null }).default_language ||
    FALLBACK_LANGUAGE;
  // The app's own messages follow the user's language (null: the browser's); a missing catalogue leaves English.
  await applyLanguage(pickLanguage((me as { language?: string | null }).language, browserLanguages())).catch(() => undefined);
  const languages = language === FALLBACK_LANGUAGE ? [language] : [language, FALLBACK_LANGUAGE];
  const rows = (await client.request(
    readTranslations({ filter: { language: { _in: languages } }, fields: ['language', 'key', 'value'], limit: -1 }),
  )) as TranslationRow[];
  setTranslationStrings(translationStrings(rows, language));
}
