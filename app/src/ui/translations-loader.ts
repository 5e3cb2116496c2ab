import type { Client } from '../api/client.js';
import { readAllTranslations, readDefaultLanguage } from '../api/shared-reads.js';
import { applyLanguage, browserLanguages, pickLanguage } from '../i18n/language.js';
import { setTranslationStrings } from './system-label.js';
import { FALLBACK_LANGUAGE, translationStrings, type TranslationRow } from './translation-strings.js';

/**
 * Takes the project's translation strings (all of them, read once per page load beside the frame's other reads, so
 * that this read need not wait for the user's language) for the signed-in user's language (`userLanguage`, read
 * with the session's user; else the project's default, else en-US) with en-US as fallback, and hands them to
 * systemLabel; loads the app's message catalogue for the user's language (i18n/language.ts). Loaded after sign-in
 * as its own chunk, so the sign-in page carries none of it.
 */
export async function loadTranslations(client: Client, userLanguage: string | null): Promise<void> {
  const language = userLanguage || (await readDefaultLanguage(client)) || FALLBACK_LANGUAGE;
  // The app's own messages follow the user's language (null: the browser's); a missing catalogue leaves English.
  await applyLanguage(pickLanguage(userLanguage, browserLanguages())).catch(() => undefined);
  setTranslationStrings(translationStrings(await readAllTranslations<TranslationRow>(client), language));
}
