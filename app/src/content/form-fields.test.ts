import { describe, expect, it } from 'vitest';
import { buildFormFields, changedValues, errorsByField, fromInputText, toInputText, type RawFormField } from './form-fields.js';

const fields: RawFormField[] = [
  { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
  { field: 'title', type: 'string', meta: { required: true, note: 'Shown in lists' }, schema: { max_length: 80, is_nullable: true } },
  {
    field: 'status',
    type: 'string',
    meta: {
      options: {
        choices: [
          { text: 'Draft', value: 'draft' },
          { text: 'Published', value: 'published' },
        ],
      },
    },
    schema: { is_nullable: false, default_value: 'draft' },
  },
  { field: 'rating', type: 'integer', schema: { is_nullable: false } },
  { field: 'body', type: 'text', meta: { readonly: true } },
  { field: 'internal', type: 'string', meta: { hidden: true } },
  { field: 'comments', type: 'alias', meta: { special: ['o2m'] } },
  { field: 'published', type: 'boolean' },
  { field: 'data', type: 'json' },
];

describe('buildFormFields', () => {
  it('picks the input per type, required and read-only from metadata and schema', () => {
    const form = buildFormFields(fields, { read: { access: 'full', fields: ['*'] }, update: { access: 'full', fields: ['*'] } }, 'update');
    expect(form.map((f) => [f.field, f.kind, f.required, f.readOnly])).toEqual([
      ['id', 'integer', false, true],
      ['title', 'text', true, false],
      ['status', 'select', false, false],
      ['rating', 'integer', true, false],
      ['body', 'textarea', false, true],
      ['published', 'boolean', false, false],
      ['data', 'json', false, false],
    ]);
    expect(form[1]).toMatchObject({ note: 'Shown in lists', maxLength: 80 });
    expect(form[2]!.choices).toEqual([
      { text: 'Draft', value: 'draft' },
      { text: 'Published', value: 'published' },
    ]);
  });

  it('leaves out what the user may not read, and makes read-only what they may not update', () => {
    const form = buildFormFields(
      fields,
      { read: { access: 'full', fields: ['id', 'title', 'rating'] }, update: { access: 'full', fields: ['title'] } },
      'update',
    );
    expect(form.map((f) => [f.field, f.readOnly])).toEqual([
      ['id', true],
      ['title', false],
      ['rating', true],
    ]);
  });

  it('shows a new item only the fields the user may create, and no generated key', () => {
    const form = buildFormFields(fields, { create: { access: 'full', fields: ['title', 'rating'] } }, 'create');
    expect(form.map((f) => f.field)).toEqual(['title', 'rating']);
  });

  it('is all read-only without update access', () => {
    const form = buildFormFields(fields, { read: { access: 'full', fields: ['*'] } }, 'update');
    expect(form.every((f) => f.readOnly && !f.required)).toBe(true);
  });
});

describe('values and input text', () => {
  const [, title, , rating, , published, data] = buildFormFields(
    fields,
    { read: { access: 'full' }, update: { access: 'full' } },
    'update',
  );

  it('converts typed values to text and back', () => {
    expect(toInputText(rating!, 7)).toBe('7');
    expect(fromInputText(rating!, '7')).toBe(7);
    expect(fromInputText(rating!, '')).toBeNull();
    expect(() => fromInputText(rating!, '7.5')).toThrow('Enter a whole number.');
    expect(fromInputText(published!, 'true')).toBe(true);
    expect(toInputText(data!, { a: 1 })).toBe('{\n  "a": 1\n}');
    expect(fromInputText(data!, '{"a":1}')).toEqual({ a: 1 });
    expect(() => fromInputText(data!, '{')).toThrow('Enter valid JSON.');
    expect(fromInputText(title!, 'Hello')).toBe('Hello');
  });

  it('finds the changed fields of an update', () => {
    const form = [title!, rating!];
    expect(changedValues(form, { title: 'A', rating: 1 }, { title: 'A', rating: '2' })).toEqual({ rating: '2' });
  });
});

describe('errorsByField', () => {
  it('puts each API error on its field, without the API’s field preamble', () => {
    const error = {
      errors: [
        { message: 'Validation failed for field "title". Value is required.', extensions: { code: 'FAILED_VALIDATION', field: 'title' } },
        {
          message: 'Value for field "rating" in collection "articles" is too long.',
          extensions: { code: 'VALUE_TOO_LONG', field: 'rating' },
        },
        { message: 'You do not have permission.', extensions: { code: 'FORBIDDEN' } },
      ],
    };
    expect(errorsByField(error)).toEqual({
      fields: { title: 'Value is required.', rating: 'Value for field "rating" in collection "articles" is too long.' },
      general: ['You do not have permission.'],
    });
  });
});

describe('relational fields', () => {
  const relations = {
    rating: { kind: 'm2o', related: 'ratings' },
    comments: { kind: 'o2m', related: 'comments', foreignKey: 'article', deselect: 'nullify' },
  } as const;

  it('makes a many-to-one field a picker and shows a one-to-many alias as a list', () => {
    const form = buildFormFields(
      fields,
      { read: { access: 'full' }, update: { access: 'full', fields: ['title', 'rating'] } },
      'update',
      relations,
    );
    expect(form.filter((f) => f.relation).map((f) => [f.field, f.kind, f.readOnly, f.required])).toEqual([
      ['rating', 'm2o', false, true],
      ['comments', 'o2m', true, false],
    ]);
  });

  it('sends a picked key typed, an emptied picker as null, and never counts a list as changed text', () => {
    const form = buildFormFields(fields, { read: { access: 'full' }, update: { access: 'full' } }, 'update', relations);
    const rating = form.find((f) => f.field === 'rating')!;
    const comments = form.find((f) => f.field === 'comments')!;
    expect(fromInputText(rating, '12')).toBe(12);
    expect(fromInputText(rating, '')).toBeNull();
    expect(toInputText(comments, [1, 2])).toBe('');
    expect(changedValues([rating, comments], { rating: 3, comments: [1, 2] }, { rating: '3', comments: 'x' })).toEqual({});
  });
});

describe('buildFormFields with junction fields', () => {
  const junction = (related: string, junctionCollection: string, relatedField: string) => ({
    kind: 'm2m' as const,
    related,
    junction: junctionCollection,
    parentField: 'articles_id',
    relatedField,
  });
  const relations = {
    translations: junction('languages', 'articles_translations', 'languages_code'),
    tags: junction('tags', 'articles_tags', 'tags_id'),
  };
  const full = { access: 'full' as const };
  const form = buildFormFields(
    [
      { field: 'translations', type: 'alias', meta: { interface: 'translations' } },
      { field: 'tags', type: 'alias', meta: { interface: 'list-m2m' } },
    ],
    { read: full, update: full },
    'update',
    relations,
  );

  it('edits a junction alias as translations when its interface is translations, else as a many-to-many', () => {
    expect(form.map((f) => [f.field, f.kind])).toEqual([
      ['translations', 'translations'],
      ['tags', 'm2m'],
    ]);
    expect(form.find((f) => f.field === 'translations')!.relation).toEqual({
      kind: 'translations',
      related: 'articles_translations',
      foreignKey: 'articles_id',
      languageField: 'languages_code',
      languages: 'languages',
    });
    expect(form.find((f) => f.field === 'tags')!.relation).toEqual(relations.tags);
  });

  it('never counts either as changed text', () => {
    for (const field of form) expect(toInputText(field, [1])).toBe('');
    expect(changedValues(form, { translations: [1], tags: [2] }, { translations: 'x', tags: 'y' })).toEqual({});
  });
});

describe('layout metadata and validation messages', () => {
  it('reads width (unknown is full), group and the field’s own validation message', () => {
    const [field] = buildFormFields(
      [{ field: 'code', type: 'string', meta: { width: 'half-left', group: 'meta', validation_message: 'Three capitals.' } }],
      { read: { access: 'full' }, update: { access: 'full' } },
      'update',
    );
    expect(field).toMatchObject({ width: 'half-left', group: 'meta', validationMessage: 'Three capitals.' });
  });

  it('shows a field’s validation message for a FAILED_VALIDATION on it, the server’s for other errors', () => {
    const form = buildFormFields(
      [
        { field: 'code', type: 'string', meta: { validation_message: 'Three capitals.' } },
        { field: 'name', type: 'string', meta: { validation_message: 'Unused.' } },
      ],
      { read: { access: 'full' }, update: { access: 'full' } },
      'update',
    );
    const failure = {
      errors: [
        {
          message: 'Validation failed for field "code". Value has to match a pattern.',
          extensions: { code: 'FAILED_VALIDATION', field: 'code' },
        },
        { message: 'Value is too long.', extensions: { code: 'VALUE_TOO_LONG', field: 'name' } },
      ],
    };
    expect(errorsByField(failure, form).fields).toEqual({ code: 'Three capitals.', name: 'Value is too long.' });
  });
});

describe('interfaces', () => {
  const [body, snippet, config] = buildFormFields(
    [
      { field: 'body', type: 'text', meta: { interface: 'input-rich-text-md', options: { toolbar: ['bold'] } } },
      { field: 'snippet', type: 'text', meta: { interface: 'input-code', options: { language: 'JSON' } } },
      { field: 'config', type: 'json', meta: { interface: 'input-code' } },
    ],
    { read: { access: 'full' }, update: { access: 'full' } },
    'update',
  );

  it("carries the field's interface id and its options as stored", () => {
    expect([body!.interface, body!.options]).toEqual(['input-rich-text-md', { toolbar: ['bold'] }]);
    expect(config!.options).toEqual({});
  });

  it('refuses broken JSON in a text field edited as JSON code, and keeps valid JSON as the text', () => {
    expect(() => fromInputText(snippet!, '{"a": ')).toThrow('Enter valid JSON.');
    expect(fromInputText(snippet!, '{"a": 1}')).toBe('{"a": 1}');
    expect(() => fromInputText(config!, '[1,')).toThrow('Enter valid JSON.');
  });
});
