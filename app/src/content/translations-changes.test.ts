import { describe, expect, it } from 'vitest';
import type { FormField } from './form-fields.js';
import { NO_EDITS, shownText, translationsPayload, type TranslationShape } from './translations-changes.js';

const text = (field: string): FormField => ({
  field,
  type: 'string',
  kind: 'text',
  required: false,
  readOnly: false,
  note: null,
  maxLength: null,
  choices: [],
  relation: null,
  interface: null,
  options: {},
});
const pages: FormField = { ...text('pages'), type: 'integer', kind: 'integer' };
const shape: TranslationShape = { primaryKey: 'id', languageField: 'languages_code', fields: [text('title'), pages] };
const rows = [{ id: 1, languages_code: 'en-US', title: 'Hello', pages: 3 }];
const keys = new Map([
  ['en-US', 'en-US'],
  ['de-DE', 'de-DE'],
]);

describe('translationsPayload', () => {
  it('is null without edits, and for texts equal to what is stored or blank for a new language', () => {
    expect(translationsPayload(NO_EDITS, rows, shape, keys)).toBeNull();
    expect(
      translationsPayload({ texts: { 'en-US': { title: 'Hello' }, 'de-DE': { title: ' ' } }, deleted: [] }, rows, shape, keys),
    ).toBeNull();
  });

  it('creates a row for a new language, updates the changed fields of a stored one, deletes a deleted one', () => {
    expect(
      translationsPayload(
        { texts: { 'en-US': { title: 'Hi', pages: '3' }, 'de-DE': { title: 'Hallo', pages: '4' } }, deleted: [] },
        rows,
        shape,
        keys,
      ),
    ).toEqual({ create: [{ languages_code: 'de-DE', title: 'Hallo', pages: 4 }], update: [{ id: 1, title: 'Hi' }], delete: [] });
    expect(translationsPayload({ texts: { 'en-US': { title: 'Gone' } }, deleted: ['en-US'] }, rows, shape, keys)).toEqual({
      create: [],
      update: [],
      delete: [1],
    });
  });

  it('names the field and language of a text of the wrong type', () => {
    expect(() => translationsPayload({ texts: { 'de-DE': { pages: 'many' } }, deleted: [] }, rows, shape, keys)).toThrow(
      'pages (de-DE): Enter a whole number.',
    );
  });

  it('shows what was typed, else the stored value', () => {
    expect(shownText({ texts: { 'en-US': { title: 'Typed' } }, deleted: [] }, rows, shape, 'en-US', text('title'))).toBe('Typed');
    expect(shownText(NO_EDITS, rows, shape, 'en-US', pages)).toBe('3');
    expect(shownText(NO_EDITS, rows, shape, 'de-DE', text('title'))).toBe('');
  });
});
