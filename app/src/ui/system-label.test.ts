import { describe, expect, it } from 'vitest';
import { de } from '../i18n/de.js';
import { deSignedOut } from '../i18n/de-signed-out.js';
import { setCatalogue } from '../i18n/t.js';
import { setTranslationStrings, systemLabel } from './system-label.js';
import { translationStrings } from './translation-strings.js';

describe('systemLabel', () => {
  it("shows the public policy's stored `$t:public_label` as Public, and other known keys in English", () => {
    expect(systemLabel('$t:public_label')).toBe('Public');
    expect(systemLabel('$t:admin_description')).toBe('Unrestricted access to the app and the API');
  });

  it('shows an unknown key as words, never the raw key', () => {
    expect(systemLabel('$t:editor_team_label')).toBe('Editor team label');
  });

  it('leaves any other text as it is, and an empty value empty', () => {
    expect(systemLabel('Editors')).toBe('Editors');
    expect(systemLabel('costs $t: nothing')).toBe('costs $t: nothing');
    expect(systemLabel('$t:')).toBe('$t:');
    expect(systemLabel(null)).toBe('');
  });
});

describe('systemLabel with the project translation strings', () => {
  it("prefers the project's strings, then the built-in English, then words", () => {
    setTranslationStrings({ public_label: 'Öffentlich', team_label: 'Mannschaft' });
    try {
      expect(systemLabel('$t:public_label')).toBe('Öffentlich');
      expect(systemLabel('$t:team_label')).toBe('Mannschaft');
      expect(systemLabel('$t:admin_description')).toBe('Unrestricted access to the app and the API');
      expect(systemLabel('$t:other_label')).toBe('Other label');
      // Keys are looked up as own properties only.
      expect(systemLabel('$t:constructor')).toBe('Constructor');
    } finally {
      setTranslationStrings({});
    }
  });
});

describe('systemLabel in German', () => {
  it("shows Directus's known keys in the app's language when the project has no string for them", () => {
    setCatalogue('de', { ...deSignedOut, ...de });
    try {
      expect(systemLabel('$t:public_label')).toBe('Öffentlich');
      expect(systemLabel('$t:admin_description')).toBe('Uneingeschränkter Zugriff auf die App und die API');
    } finally {
      setCatalogue('en', {});
    }
  });
});

describe('translationStrings', () => {
  const rows = [
    { language: 'en-US', key: 'a', value: 'A' },
    { language: 'en-US', key: 'b', value: 'B' },
    { language: 'de-DE', key: 'a', value: 'Ä' },
    { language: 'fr-FR', key: 'b', value: 'Bé' },
  ];
  it("takes the user's language where it has the key, else en-US", () => {
    expect(translationStrings(rows, 'de-DE')).toEqual({ a: 'Ä', b: 'B' });
    expect(translationStrings(rows, 'en-US')).toEqual({ a: 'A', b: 'B' });
    expect(translationStrings(rows, 'it-IT')).toEqual({ a: 'A', b: 'B' });
  });
});
