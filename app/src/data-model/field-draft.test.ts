import { describe, expect, it } from 'vitest';
import { draftFromField, emptyDraft, fieldPayload, parseChoices } from './field-draft.js';

describe('fieldPayload', () => {
  it('builds a string field with length, default, choices and metadata', () => {
    const draft = {
      ...emptyDraft('string'),
      field: 'status',
      nullable: false,
      unique: true,
      defaultValue: 'draft',
      maxLength: '20',
      choices: 'draft = Draft\npublished',
      note: ' Shown to editors ',
      required: true,
      sort: '3',
    };
    expect(fieldPayload(draft)).toEqual({
      payload: {
        field: 'status',
        type: 'string',
        schema: { is_nullable: false, is_unique: true, default_value: 'draft', max_length: 20 },
        meta: {
          note: 'Shown to editors',
          required: true,
          readonly: false,
          hidden: false,
          sort: 3,
          interface: 'select-dropdown',
          options: {
            choices: [
              { text: 'Draft', value: 'draft' },
              { text: 'published', value: 'published' },
            ],
          },
          display: null,
          display_options: null,
        },
      },
    });
  });

  it('types the default and gives precision and scale to decimals only', () => {
    const result = fieldPayload({ ...emptyDraft('decimal'), field: 'price', defaultValue: '1.50', precision: '8', scale: '2' });
    expect('payload' in result && result.payload.schema).toEqual({
      is_nullable: true,
      is_unique: false,
      default_value: '1.50',
      numeric_precision: 8,
      numeric_scale: 2,
    });
    const integer = fieldPayload({ ...emptyDraft('integer'), field: 'n', defaultValue: '7', precision: '4' });
    expect('payload' in integer && integer.payload.schema).toEqual({ is_nullable: true, is_unique: false, default_value: 7 });
    const flag = fieldPayload({ ...emptyDraft('boolean'), field: 'on', defaultValue: 'true' });
    expect('payload' in flag && flag.payload).toMatchObject({ schema: { default_value: true }, meta: { special: ['cast-boolean'] } });
  });

  it('reports every problem by input when the draft is wrong', () => {
    const cases = [
      { name: 'empty name', draft: { ...emptyDraft(), field: '' }, errors: { field: 'Enter a field name.' } },
      {
        name: 'name with a space',
        draft: { ...emptyDraft(), field: 'a b' },
        errors: { field: 'Use letters, digits and underscores, not starting with a digit.' },
      },
      {
        name: 'integer default',
        draft: { ...emptyDraft('integer'), field: 'n', defaultValue: '1.5' },
        errors: { defaultValue: 'Enter a whole number.' },
      },
      {
        name: 'json default',
        draft: { ...emptyDraft('json'), field: 'j', defaultValue: '{' },
        errors: { defaultValue: 'Enter valid JSON.' },
      },
      {
        name: 'zero length',
        draft: { ...emptyDraft('string'), field: 's', maxLength: '0' },
        errors: { maxLength: 'Length must be a whole number of at least 1.' },
      },
      {
        name: 'scale over precision',
        draft: { ...emptyDraft('decimal'), field: 'd', precision: '4', scale: '6' },
        errors: { scale: 'Scale cannot be larger than the precision.' },
      },
      { name: 'sort', draft: { ...emptyDraft(), field: 's', sort: 'x' }, errors: { sort: 'Sort must be a whole number.' } },
    ];
    for (const c of cases) expect(fieldPayload(c.draft), c.name).toEqual({ errors: c.errors });
  });
});

describe('draftFromField', () => {
  it('reads an existing field back into the editor when it is edited', () => {
    const draft = draftFromField({
      field: 'rank',
      type: 'integer',
      schema: { is_nullable: false, is_unique: false, default_value: 2 },
      meta: {
        note: 'n',
        required: true,
        hidden: true,
        sort: 4,
        options: {
          choices: [
            { text: 'One', value: 1 },
            { text: '2', value: 2 },
          ],
        },
      },
    });
    expect(draft).toMatchObject({
      field: 'rank',
      nullable: false,
      defaultValue: '2',
      choices: '1 = One\n2',
      note: 'n',
      required: true,
      hidden: true,
      readonly: false,
      sort: '4',
    });
    expect(fieldPayload(draft)).toMatchObject({
      payload: {
        meta: {
          options: {
            choices: [
              { text: 'One', value: 1 },
              { text: '2', value: 2 },
            ],
          },
        },
      },
    });
  });
});

describe('parseChoices', () => {
  it('keeps text values as text when the type is not numeric', () => {
    expect(parseChoices(' 1 \n\n2=Two', 'string')).toEqual([
      { text: '1', value: '1' },
      { text: 'Two', value: '2' },
    ]);
  });

  it('sends metadata only when the field is an alias', () => {
    const draft = draftFromField({ field: 'chapters', type: 'alias', meta: { note: 'All of them', special: ['o2m'] } });
    expect(fieldPayload(draft)).toEqual({
      payload: {
        field: 'chapters',
        type: 'alias',
        schema: {},
        meta: {
          note: 'All of them',
          required: false,
          readonly: false,
          hidden: false,
          interface: null,
          options: null,
          display: null,
          display_options: null,
        },
      },
    });
  });
});
