import type { FormField } from '../content/form-fields.js';

/** The languages the code editor highlights (`meta.options.language`, as Directus's code interface names them). */
export const CODE_LANGUAGES = ['javascript', 'json', 'html', 'css', 'sql', 'markdown'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

const ALIASES: Record<string, CodeLanguage> = {
  js: 'javascript',
  typescript: 'javascript',
  ts: 'javascript',
  md: 'markdown',
  htmlmixed: 'html',
};

/** The language of a code field: its `language` option (any case, a few aliases), else JSON for a json column. */
export function codeLanguage(field: Pick<FormField, 'type' | 'options'>): CodeLanguage | null {
  const option = typeof field.options.language === 'string' ? field.options.language.trim().toLowerCase() : '';
  const known = (CODE_LANGUAGES as readonly string[]).includes(option) ? (option as CodeLanguage) : ALIASES[option];
  if (known) return known;
  return field.type === 'json' ? 'json' : null;
}
