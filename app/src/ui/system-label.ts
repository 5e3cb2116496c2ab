/**
 * The English text of the `$t:` keys Directus-style installations store in names and descriptions (the public
 * policy is `$t:public_label`); other values are shown as they are. Translations of the app's own strings are
 * issue 30's; until then an unknown key is shown as words ("$t:my_label" → "My label"), never as the raw key.
 */
const KNOWN: Readonly<Record<string, string>> = {
  public_label: 'Public',
  public_description: 'What anyone may read and do without signing in',
  admin_description: 'Unrestricted access to the app and the API',
  admin_policy: 'Administrator',
};

export function systemLabel(value: string | null | undefined): string {
  if (!value) return '';
  if (!value.startsWith('$t:')) return value;
  const key = value.slice(3);
  const known = KNOWN[key];
  if (known) return known;
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : value;
}
