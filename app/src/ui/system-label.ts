/**
 * The text of a `$t:` key that Directus-style installations store in names, descriptions and notes (the public
 * policy is `$t:public_label`): the project's own translation strings (`/translations`, in the user's language,
 * else en-US), else Directus's built-in English for its known keys, else the key as words ("$t:my_label" →
 * "My label"), never the raw key. Other values are shown as they are.
 */
const KNOWN: Readonly<Record<string, string>> = {
  public_label: 'Public',
  public_description: 'What anyone may read and do without signing in',
  admin_label: 'Administrator',
  admin_description: 'Unrestricted access to the app and the API',
  admin_policy: 'Administrator',
};

let strings: Readonly<Record<string, string>> = {};

/** The project's translation strings for the signed-in user (see translations-loader), or none. */
export function setTranslationStrings(next: Readonly<Record<string, string>>): void {
  strings = next;
}

export function systemLabel(value: string | null | undefined): string {
  if (!value) return '';
  if (!value.startsWith('$t:')) return value;
  const key = value.slice(3);
  const text = own(strings, key) ?? own(KNOWN, key);
  if (text) return text;
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : value;
}

function own(map: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}
