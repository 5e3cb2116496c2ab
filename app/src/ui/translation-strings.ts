export type TranslationRow = { language: string; key: string; value: string };

/** The fallback language of translation strings (Directus's default). */
export const FALLBACK_LANGUAGE = 'en-US';

/** Translation rows as key → text: the user's language where it has the key, else the fallback language. */
export function translationStrings(rows: readonly TranslationRow[], language: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const row of rows) if (row.language === FALLBACK_LANGUAGE && typeof row.value === 'string') out[row.key] = row.value;
  if (language !== FALLBACK_LANGUAGE) {
    for (const row of rows) if (row.language === language && typeof row.value === 'string') out[row.key] = row.value;
  }
  return out;
}
