import { msg, t } from '../i18n/t.js';

/**
 * The text of a `$t:` key that Directus-style installations store in names, descriptions and notes (the public
 * policy is `$t:public_label`): the project's own translation strings (`/translations`, in the user's language,
 * else en-US), else Directus's built-in text for its known keys (in the app's language), else the key as words ("$t:my_label" →
 * "My label"), never the raw key. Other values are shown as they are.
 */
const KNOWN: Readonly<Record<string, string>> = {
  public_label: msg('Public'),
  public_description: msg('What anyone may read and do without signing in'),
  admin_label: msg('Administrator'),
  admin_description: msg('Unrestricted access to the app and the API'),
  admin_policy: msg('Administrator'),
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
  const text = own(strings, key);
  if (text) return text;
  const known = own(KNOWN, key);
  if (known) return t(known);
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : value;
}

function own(map: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}
