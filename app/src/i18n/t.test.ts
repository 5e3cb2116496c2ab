import { afterEach, describe, expect, it } from 'vitest';
import { pickLanguage } from './language.js';
import { locale, plural, setCatalogue, t } from './t.js';

afterEach(() => setCatalogue('en', {}));

describe('t', () => {
  it('answers the English key without a catalogue, with placeholders filled', () => {
    expect(t('Sign in')).toBe('Sign in');
    expect(t('{count} unread', { count: 3 })).toBe('3 unread');
    expect(t('{a} and {missing}', { a: 'x' })).toBe('x and {missing}');
    expect(locale()).toBe('en');
  });

  it('answers the catalogue text, and the key where the catalogue lacks it', () => {
    setCatalogue('de', { 'Sign in': 'Anmelden', '{count} unread': '{count} ungelesen' });
    expect(t('Sign in')).toBe('Anmelden');
    expect(t('{count} unread', { count: 2 })).toBe('2 ungelesen');
    expect(t('Not there')).toBe('Not there');
    expect(locale()).toBe('de');
  });
});

describe('plural', () => {
  it('picks one or other by the language’s rule and fills in the count', () => {
    expect(plural(1, '{count} item', '{count} items')).toBe('1 item');
    expect(plural(0, '{count} item', '{count} items')).toBe('0 items');
    setCatalogue('de', { '{count} item': '{count} Eintrag', '{count} items': '{count} Einträge' });
    expect(plural(1, '{count} item', '{count} items')).toBe('1 Eintrag');
    expect(plural(5, '{count} item', '{count} items', { name: 'x' })).toBe('5 Einträge');
  });
});

describe('pickLanguage', () => {
  it('follows the user’s language, else the browser’s first known language, else English', () => {
    expect(pickLanguage('de-DE', ['en-US'])).toBe('de');
    expect(pickLanguage('en-US', ['de-DE'])).toBe('en');
    expect(pickLanguage(null, ['fr-FR', 'de-AT', 'en'])).toBe('de');
    expect(pickLanguage(undefined, ['fr-FR'])).toBe('en');
    expect(pickLanguage('fr-FR', ['de-DE'])).toBe('en');
  });
});
