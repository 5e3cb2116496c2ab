import { describe, expect, it } from 'vitest';
import { buildFieldPaths, defaultColumns, manyToOnes, valueAt, visibleColumns, type CollectionSchema } from './field-paths.js';

const articles: CollectionSchema = {
  fields: [
    { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true } },
    { field: 'title', type: 'string' },
    { field: 'status', type: 'string', meta: { options: { choices: [{ text: 'Draft', value: 'draft' }, { value: 'published' }] } } },
    { field: 'published_on', type: 'dateTime' },
    { field: 'author', type: 'integer' },
    { field: 'owner', type: 'uuid' },
    { field: 'secret', type: 'string' },
    { field: 'comments', type: 'alias' },
  ],
  access: { read: { access: 'partial', fields: ['id', 'title', 'status', 'published_on', 'author', 'owner', 'comments'] } },
};
const authors: CollectionSchema = {
  fields: [
    { field: 'id', type: 'integer', schema: { is_primary_key: true } },
    { field: 'name', type: 'string' },
    { field: 'salary', type: 'integer' },
    { field: 'internal', type: 'string', meta: { hidden: true } },
  ],
  access: { read: { access: 'partial', fields: ['id', 'name', 'internal'] } },
};
const users: CollectionSchema = {
  fields: [
    { field: 'id', type: 'uuid', schema: { is_primary_key: true } },
    { field: 'email', type: 'string' },
  ],
  access: { read: { access: 'full', fields: ['*'] } },
};
const relations = [
  { field: 'author', related: 'authors' },
  { field: 'owner', related: 'service_users' },
];

describe('manyToOnes', () => {
  it('keeps the relations of the collection that point at another collection', () => {
    expect(
      manyToOnes('articles', [
        { collection: 'articles', field: 'author', related_collection: 'authors' },
        { collection: 'comments', field: 'article', related_collection: 'articles' },
        { collection: 'articles', field: 'item', related_collection: null },
      ]),
    ).toEqual([{ field: 'author', related: 'authors' }]);
  });
});

describe('buildFieldPaths', () => {
  const paths = buildFieldPaths(articles, relations, { authors, service_users: users });

  it('lists the readable fields, each many-to-one followed by its readable related fields', () => {
    expect(paths.map((p) => p.path)).toEqual([
      'title',
      'status',
      'published_on',
      'author',
      'author.id',
      'author.name',
      'owner',
      'owner.id',
      'owner.email',
    ]);
    expect(paths.find((p) => p.path === 'author.name')).toEqual({
      path: 'author.name',
      label: 'Author › Name',
      type: 'string',
      dynamic: [],
      choices: [],
    });
  });

  it('offers $NOW for dates and $CURRENT_USER for the keys of users', () => {
    const dynamic = Object.fromEntries(paths.filter((p) => p.dynamic.length > 0).map((p) => [p.path, p.dynamic]));
    expect(dynamic).toEqual({ published_on: ['$NOW'], owner: ['$CURRENT_USER'], 'owner.id': ['$CURRENT_USER'] });
  });

  it('carries the choices of a field', () => {
    expect(paths.find((p) => p.path === 'status')?.choices).toEqual([
      { text: 'Draft', value: 'draft' },
      { text: 'published', value: 'published' },
    ]);
  });

  it('leaves out hidden fields (the key here, `internal` of the authors)', () => {
    expect(paths.some((p) => p.path === 'id' || p.path === 'author.internal')).toBe(false);
  });

  it('has no related fields when the related collection is unknown or the field unreadable', () => {
    expect(buildFieldPaths(articles, relations, {}).map((p) => p.path)).toEqual(['title', 'status', 'published_on', 'author', 'owner']);
    const noAuthor = { ...articles, access: { read: { access: 'partial' as const, fields: ['title'] } } };
    expect(buildFieldPaths(noAuthor, relations, { authors }).map((p) => p.path)).toEqual(['title']);
  });
});

describe('columns', () => {
  const paths = buildFieldPaths(articles, relations, { authors, service_users: users });

  it('shows the own fields by default, eight at most', () => {
    expect(defaultColumns(paths)).toEqual(['title', 'status', 'published_on', 'author', 'owner']);
    const many = Array.from({ length: 10 }, (_, i) => ({ path: `f${i}`, label: `F${i}`, type: 'string', dynamic: [], choices: [] }));
    expect(defaultColumns(many)).toEqual(['f0', 'f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7']);
  });

  it('shows the chosen columns that are readable, in the order of the fields', () => {
    expect(visibleColumns(paths, ['author.name', 'title', 'salary']).map((p) => p.path)).toEqual(['author.name', 'title']);
    expect(visibleColumns(paths, ['nothing']).map((p) => p.path)).toEqual(defaultColumns(paths));
    expect(visibleColumns(paths, null).map((p) => p.path)).toEqual(defaultColumns(paths));
  });

  it('reads a related value from a row, null through an empty relation', () => {
    expect(valueAt({ title: 'A', author: { name: 'Ada' } }, 'author.name')).toBe('Ada');
    expect(valueAt({ title: 'A', author: null }, 'author.name')).toBeNull();
    expect(valueAt({ title: 'A' }, 'title')).toBe('A');
  });
});
