import { describe, expect, it } from 'vitest';
import { isAppError } from '../../kernel/errors/index.js';
import { parseCollectionInput } from './parse-collection-input.js';

function reasonOf(work: () => unknown): string | null {
  try {
    work();
    return null;
  } catch (error) {
    if (!isAppError(error)) throw error;
    return String(error.extensions.reason);
  }
}

describe('parseCollectionInput', () => {
  it('adds an auto-increment id primary key when no field is the primary key', () => {
    const spec = parseCollectionInput({ collection: 'articles', fields: [{ field: 'title', type: 'string' }] });
    expect(spec.fields.map((f) => f.field)).toEqual(['id', 'title']);
    expect(spec.fields[0]!.column).toMatchObject({ primaryKey: true, autoIncrement: true, nullable: false });
    expect(spec.meta).toEqual({});
  });

  it('makes a given id field the primary key', () => {
    const spec = parseCollectionInput({ collection: 'tags', fields: [{ field: 'id', type: 'string', schema: { max_length: 40 } }] });
    expect(spec.fields).toHaveLength(1);
    expect(spec.fields[0]!.column).toMatchObject({ primaryKey: true, autoIncrement: false, maxLength: 40 });
  });

  it('keeps a declared primary key', () => {
    const spec = parseCollectionInput({
      collection: 'people',
      fields: [
        { field: 'key', type: 'uuid', schema: { is_primary_key: true } },
        { field: 'id', type: 'integer' },
      ],
    });
    expect(spec.fields.map((f) => [f.field, f.column?.primaryKey])).toEqual([
      ['key', true],
      ['id', false],
    ]);
  });

  it('reads schema null as a folder and meta null as no meta row', () => {
    expect(parseCollectionInput({ collection: 'folder', schema: null, meta: { icon: 'folder' } })).toMatchObject({
      folder: true,
      fields: [],
    });
    expect(parseCollectionInput({ collection: 'plain', meta: null }).meta).toBeNull();
  });

  it.each([
    { name: 'no object', input: 'articles', reason: /must be an object/ },
    { name: 'a hostile name', input: { collection: 'x; drop table y' }, reason: /invalid/ },
    { name: 'neither table nor meta', input: { collection: 'x', schema: null, meta: null }, reason: /needs a "schema"/ },
    { name: 'columns in a folder', input: { collection: 'x', schema: null, fields: [{ field: 'a', type: 'string' }] }, reason: /folder/ },
    {
      name: 'two primary keys',
      input: {
        collection: 'x',
        fields: [
          { field: 'a', type: 'integer', schema: { is_primary_key: true } },
          { field: 'b', type: 'integer', schema: { is_primary_key: true } },
        ],
      },
      reason: /only one primary key/,
    },
    {
      name: 'a field given twice',
      input: {
        collection: 'x',
        fields: [
          { field: 'Title', type: 'string' },
          { field: 'title', type: 'text' },
        ],
      },
      reason: /more than once/,
    },
    { name: 'an unknown type', input: { collection: 'x', fields: [{ field: 'a', type: 'money' }] }, reason: /not a valid field type/ },
    { name: 'a json primary key', input: { collection: 'x', fields: [{ field: 'id', type: 'json' }] }, reason: /must be of type/ },
    {
      name: 'a default of the wrong type',
      input: { collection: 'x', fields: [{ field: 'n', type: 'integer', schema: { default_value: 'many' } }] },
      reason: /must be an integer/,
    },
    {
      name: '"now" for a non-date',
      input: { collection: 'x', fields: [{ field: 'n', type: 'string', schema: { default_value: 'NOW()' } }] },
      reason: /"now" is only/,
    },
    {
      name: 'a default longer than the column',
      input: { collection: 'x', fields: [{ field: 'n', type: 'string', schema: { max_length: 2, default_value: 'abc' } }] },
      reason: /longer/,
    },
    {
      name: 'auto-increment on a string',
      input: { collection: 'x', fields: [{ field: 'n', type: 'string', schema: { has_auto_increment: true } }] },
      reason: /auto-increment/,
    },
    {
      name: 'a special of another type',
      input: { collection: 'x', fields: [{ field: 'n', type: 'string', meta: { special: ['cast-json'] } }] },
      reason: /does not fit/,
    },
  ])('refuses $name', ({ input, reason }) => {
    expect(reasonOf(() => parseCollectionInput(input))).toMatch(reason);
  });
});
