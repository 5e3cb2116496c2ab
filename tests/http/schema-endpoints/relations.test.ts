import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { call, metaRows, ok, type Json } from './schema-helpers.js';

const RELATION_META_KEYS = [
  'id',
  'many_collection',
  'many_field',
  'one_collection',
  'one_field',
  'one_collection_field',
  'one_allowed_collections',
  'junction_field',
  'sort_field',
  'one_deselect_action',
];
const RELATION_SCHEMA_KEYS = ['table', 'column', 'foreign_key_table', 'foreign_key_column', 'constraint_name', 'on_update', 'on_delete'];

describe('/relations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await ok(t, 'POST', '/collections', { collection: 'authors', fields: [{ field: 'name', type: 'string' }] });
    await ok(t, 'POST', '/collections', {
      collection: 'articles',
      fields: [
        { field: 'title', type: 'string' },
        { field: 'author', type: 'integer' },
      ],
    });
    await ok(t, 'POST', '/collections', {
      collection: 'comments',
      fields: [
        { field: 'body', type: 'text' },
        { field: 'article', type: 'integer' },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a CASCADE relation, and rebuilding a referenced table later keeps the rows pointing at it', async () => {
    const relation = await ok(t, 'POST', '/relations', {
      collection: 'comments',
      field: 'article',
      related_collection: 'articles',
      schema: { on_delete: 'CASCADE' },
    });
    expect(relation.schema).toMatchObject({
      table: 'comments',
      column: 'article',
      foreign_key_table: 'articles',
      foreign_key_column: 'id',
      on_delete: 'CASCADE',
    });
    const ann = await ok(t, 'POST', '/items/authors', { name: 'Ann' });
    const article = await ok(t, 'POST', '/items/articles', { title: 'Hello', author: ann.id });
    await ok(t, 'POST', '/items/comments', [
      { body: 'First', article: article.id },
      { body: 'Second', article: article.id },
    ]);

    // Both change the articles table (SQLite rebuilds it): the comments that point at it must survive.
    await ok(t, 'POST', '/relations', {
      collection: 'articles',
      field: 'author',
      related_collection: 'authors',
      meta: { one_field: 'articles' },
      schema: { on_delete: 'SET NULL' },
    });
    await ok(t, 'PATCH', '/fields/articles/title', { schema: { max_length: 200 } });
    expect(((await ok(t, 'GET', '/items/comments')) as Json[]).length).toBe(2);
  });

  it('answers the relation in the Directus shape and adds the o2m alias field', async () => {
    const relation = await ok(t, 'GET', '/relations/articles/author');
    expect(Object.keys(relation)).toEqual(['collection', 'field', 'related_collection', 'meta', 'schema']);
    expect(Object.keys(relation.meta)).toEqual(RELATION_META_KEYS);
    expect(Object.keys(relation.schema)).toEqual(RELATION_SCHEMA_KEYS);
    expect(relation).toMatchObject({
      collection: 'articles',
      field: 'author',
      related_collection: 'authors',
      meta: {
        many_collection: 'articles',
        many_field: 'author',
        one_collection: 'authors',
        one_field: 'articles',
        one_deselect_action: 'nullify',
      },
      schema: { foreign_key_table: 'authors', foreign_key_column: 'id', on_delete: 'SET NULL' },
    });
    const alias = await ok(t, 'GET', '/fields/authors/articles');
    expect(alias).toMatchObject({ type: 'alias', schema: null, meta: { special: ['o2m'] } });
    const author = await ok(t, 'GET', '/fields/articles/author');
    expect(author.schema).toMatchObject({ foreign_key_table: 'authors', foreign_key_column: 'id' });
    const listed = (await ok(t, 'GET', '/relations/articles')) as Json[];
    expect(listed.map((r: Json) => r.field)).toEqual(['author']);
    const all = (await ok(t, 'GET', '/relations')) as Json[];
    expect(all.find((r: Json) => r.collection === 'service_users' && r.field === 'role')).toMatchObject({
      related_collection: 'service_roles',
      meta: { system: true },
    });
  });

  it('reads nested m2o and o2m data through the new relation', async () => {
    const articles = await ok(t, 'GET', '/items/articles?fields=title,author.name');
    expect(articles).toEqual([{ title: 'Hello', author: { name: 'Ann' } }]);
    const authors = await ok(t, 'GET', '/items/authors?fields=name,articles.title');
    expect(authors).toEqual([{ name: 'Ann', articles: [{ title: 'Hello' }] }]);
    const nested = await ok(t, 'GET', '/items/authors?fields=*,articles.*');
    expect(nested[0].articles[0]).toMatchObject({ title: 'Hello', author: nested[0].id });
    const created = await ok(t, 'POST', '/items/authors?fields=name,articles.title', { name: 'Bob', articles: [{ title: 'By Bob' }] });
    expect(created).toEqual({ name: 'Bob', articles: [{ title: 'By Bob' }] });
  });

  it('applies ON DELETE: SET NULL keeps the articles, CASCADE removes the comments', async () => {
    const [ann] = (await ok(t, 'GET', '/items/authors?filter[name][_eq]=Ann')) as Json[];
    await ok(t, 'DELETE', `/items/authors/${ann.id}`, undefined, 204);
    const [hello] = (await ok(t, 'GET', '/items/articles?filter[title][_eq]=Hello')) as Json[];
    expect(hello.author).toBeNull();
    await ok(t, 'DELETE', `/items/articles/${hello.id}`, undefined, 204);
    expect(await ok(t, 'GET', '/items/comments')).toEqual([]);
  });

  it('changes the rules and the meta with PATCH', async () => {
    const patched = await ok(t, 'PATCH', '/relations/articles/author', {
      schema: { on_delete: 'CASCADE' },
      meta: { one_deselect_action: 'delete' },
    });
    expect(patched.schema.on_delete).toBe('CASCADE');
    expect(patched.meta.one_deselect_action).toBe('delete');
    const [bob] = (await ok(t, 'GET', '/items/authors?filter[name][_eq]=Bob')) as Json[];
    await ok(t, 'DELETE', `/items/authors/${bob.id}`, undefined, 204);
    expect(await ok(t, 'GET', '/items/articles')).toEqual([]);
  });

  it('refuses relations that cannot hold (orphans, wrong types, unknown fields) without creating anything', async () => {
    await ok(t, 'POST', '/collections', {
      collection: 'reviews',
      fields: [
        { field: 'book', type: 'integer' },
        { field: 'label', type: 'string' },
      ],
    });
    await ok(t, 'POST', '/items/reviews', { book: 999, label: 'x' });
    const orphan = await call(t, 'POST', '/relations', { collection: 'reviews', field: 'book', related_collection: 'authors' });
    expect([orphan.status, orphan.code]).toEqual([400, 'INVALID_FOREIGN_KEY']);
    const wrongType = await call(t, 'POST', '/relations', { collection: 'reviews', field: 'label', related_collection: 'authors' });
    expect([wrongType.status, wrongType.code]).toEqual([400, 'INVALID_PAYLOAD']);
    const unknownField = await call(t, 'POST', '/relations', { collection: 'reviews', field: 'nope', related_collection: 'authors' });
    expect(unknownField.code).toBe('INVALID_PAYLOAD');
    const unknownCollection = await call(t, 'POST', '/relations', { collection: 'reviews', field: 'book', related_collection: 'nothing' });
    expect(unknownCollection.code).toBe('INVALID_PAYLOAD');
    const again = await call(t, 'POST', '/relations', { collection: 'articles', field: 'author', related_collection: 'authors' });
    expect(again.code).toBe('INVALID_PAYLOAD');
    expect(await metaRows(t, 'service_relations', { many_collection: 'reviews' })).toEqual([]);
    expect((await call(t, 'GET', '/relations/reviews/book')).status).toBe(403);
  });

  it('records a relation without a constraint (schema null), still usable for nested reads', async () => {
    const relation = await ok(t, 'POST', '/relations', {
      collection: 'reviews',
      field: 'book',
      related_collection: 'authors',
      schema: null,
      meta: { one_field: 'reviews' },
    });
    expect(relation.schema).toBeNull();
    const writer = await ok(t, 'POST', '/items/authors', { name: 'Cy' });
    await ok(t, 'POST', '/items/reviews', { book: writer.id, label: 'good' });
    expect(await ok(t, 'GET', `/items/authors/${writer.id}?fields=name,reviews.label`)).toEqual({
      name: 'Cy',
      reviews: [{ label: 'good' }],
    });
    const withKey = await call(t, 'PATCH', '/relations/reviews/book', { schema: { on_delete: 'SET NULL' } });
    expect([withKey.status, withKey.code]).toEqual([400, 'INVALID_FOREIGN_KEY']);
  });

  it('deletes a relation (constraint, row, o2m alias) and the relations of deleted fields and collections', async () => {
    await ok(t, 'DELETE', '/relations/reviews/book', undefined, 204);
    expect((await call(t, 'GET', '/relations/reviews/book')).status).toBe(403);
    expect((await call(t, 'GET', '/fields/authors/reviews')).status).toBe(403);
    expect(await ok(t, 'GET', '/fields/reviews/book')).toMatchObject({ schema: { foreign_key_table: null } });

    await ok(t, 'DELETE', '/fields/articles/author', undefined, 204);
    expect(await metaRows(t, 'service_relations', { many_collection: 'articles' })).toEqual([]);
    expect((await call(t, 'GET', '/fields/authors/articles')).status).toBe(403);

    await ok(t, 'DELETE', '/collections/articles', undefined, 204);
    expect(await metaRows(t, 'service_relations', { one_collection: 'articles' })).toEqual([]);
    const comments = await ok(t, 'GET', '/fields/comments/article');
    expect(comments.schema.foreign_key_table).toBeNull();
    await ok(t, 'POST', '/items/comments', { body: 'Orphaned', article: 42 });
    expect((await call(t, 'DELETE', '/relations/service_users/role')).code).toBe('INVALID_PAYLOAD');
  });
});
