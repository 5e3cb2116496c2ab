import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { call, diffAndApply, ok, seedSchema, snapshotOf, type Json } from './schema-test-helpers.js';

/** A snapshot edited the way a team edits its schema file. */
function edit(snapshot: Json): Json {
  const next = structuredClone(snapshot);
  const field = (c: string, f: string) => next.fields.find((x: Json) => x.collection === c && x.field === f);
  // collection meta: a changed note, a new translation
  const authors = next.collections.find((c: Json) => c.collection === 'authors');
  authors.meta.note = 'Writers';
  authors.meta.translations.push({ language: 'fr-FR', translation: 'Auteurs' });
  // field meta and column changes
  field('authors', 'name').schema.max_length = 200;
  field('authors', 'name').meta.note = 'Full name';
  field('authors', 'bio').schema.is_nullable = false;
  field('authors', 'bio').schema.default_value = 'none';
  field('authors', 'code').schema.is_indexed = false;
  field('authors', 'code').schema.is_unique = true;
  field('authors', 'code').schema.is_indexed = true;
  field('authors', 'settings').meta.options = { language: 'yaml' };
  field('authors', 'rating').schema.numeric_precision = 8;
  field('authors', 'rating').schema.numeric_scale = 3;
  field('authors', 'score').type = 'decimal';
  Object.assign(field('authors', 'score').schema, {
    data_type: field('authors', 'rating').schema.data_type,
    numeric_precision: 10,
    numeric_scale: 5,
  });
  // a field removed, one added
  next.fields = next.fields.filter((f: Json) => !(f.collection === 'authors' && f.field === 'avatar'));
  const nickname = structuredClone(field('authors', 'name'));
  Object.assign(nickname, { field: 'nickname' });
  Object.assign(nickname.meta, { field: 'nickname', sort: 18, required: false, note: null });
  Object.assign(nickname.schema, { name: 'nickname', is_nullable: true, default_value: null, max_length: 50 });
  next.fields.push(nickname);
  // a relation's rule changed, the m2m removed entirely (junction collection, alias and relations)
  next.relations.find((r: Json) => r.field === 'author').schema.on_delete = 'CASCADE';
  next.collections = next.collections.filter((c: Json) => c.collection !== 'articles_tags');
  next.fields = next.fields.filter((f: Json) => f.collection !== 'articles_tags' && !(f.collection === 'articles' && f.field === 'tags'));
  next.relations = next.relations.filter((r: Json) => r.collection !== 'articles_tags');
  // a new collection with a relation to an existing one
  next.collections.push({
    collection: 'reviews',
    meta: {
      ...authors.meta,
      collection: 'reviews',
      note: null,
      translations: null,
      sort: 9,
      archive_field: null,
      archive_value: null,
      unarchive_value: null,
      display_template: null,
      icon: 'star',
    },
    schema: { name: 'reviews' },
  });
  const id = structuredClone(field('tags', 'id'));
  Object.assign(id, { collection: 'reviews' });
  Object.assign(id.meta, { collection: 'reviews' });
  Object.assign(id.schema, { table: 'reviews' });
  const article = structuredClone(field('articles', 'id'));
  Object.assign(article, { collection: 'reviews', field: 'article' });
  Object.assign(article.meta, { collection: 'reviews', field: 'article', hidden: false, readonly: false, special: null, sort: 2 });
  Object.assign(article.schema, {
    table: 'reviews',
    name: 'article',
    is_primary_key: false,
    is_nullable: true,
    foreign_key_table: 'articles',
    foreign_key_column: 'id',
  });
  next.fields.push(id, article);
  const relation = structuredClone(next.relations.find((r: Json) => r.field === 'author'));
  Object.assign(relation, { collection: 'reviews', field: 'article', related_collection: 'articles' });
  Object.assign(relation.meta, { many_collection: 'reviews', many_field: 'article', one_collection: 'articles', one_field: null });
  Object.assign(relation.schema, {
    table: 'reviews',
    column: 'article',
    foreign_key_table: 'articles',
    constraint_name: relation.schema.constraint_name === null ? null : 'reviews_article_foreign',
  });
  next.relations.push(relation);
  return next;
}

/** A snapshot in the instance's order (collections by name; fields by collection, sort and name; relations by collection and field). */
function canonical(snapshot: Json): Json {
  const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const sort = (f: Json) => (typeof f.meta.sort === 'number' ? f.meta.sort : Number.MAX_SAFE_INTEGER);
  return {
    ...snapshot,
    collections: [...snapshot.collections].sort((a: Json, b: Json) => text(a.collection, b.collection)),
    fields: [...snapshot.fields].sort(
      (a: Json, b: Json) => text(a.collection, b.collection) || sort(a) - sort(b) || text(a.field, b.field),
    ),
    relations: [...snapshot.relations].sort((a: Json, b: Json) => text(a.collection, b.collection) || text(a.field, b.field)),
  };
}

describe('applying changes', () => {
  let t: TestApp;
  let before: Json;
  let wanted: Json;

  beforeAll(async () => {
    t = await createTestApp();
    await seedSchema(t);
    await ok(t, 'POST', '/items/authors', { name: 'Ada', bio: 'Wrote notes', code: 1 });
    before = (await snapshotOf(t)).json;
    wanted = edit(before);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the changes as Directus does (N, D, E, A; whole meta on nested additions)', async () => {
    const answer = await call(t, 'POST', '/schema/diff', wanted);
    expect(answer.status).toBe(200);
    const { hash, diff } = answer.body.data;
    expect(hash).toMatch(/^[0-9a-f]{40}$/);
    expect(Object.keys(diff)).toEqual(['collections', 'fields', 'relations']);
    const authors = diff.collections.find((c: Json) => c.collection === 'authors');
    expect(authors.diff).toEqual([
      { kind: 'E', path: ['meta', 'note'], lhs: 'People who write', rhs: 'Writers' },
      { kind: 'A', path: ['meta', 'translations'], index: 1, item: { kind: 'N', rhs: { language: 'fr-FR', translation: 'Auteurs' } } },
    ]);
    expect(diff.collections.find((c: Json) => c.collection === 'articles_tags').diff[0].kind).toBe('D');
    expect(diff.collections.find((c: Json) => c.collection === 'reviews').diff[0].kind).toBe('N');
    const name = diff.fields.find((f: Json) => f.field === 'name' && f.collection === 'authors');
    expect(name.diff).toContainEqual({ kind: 'E', path: ['schema', 'max_length'], lhs: 120, rhs: 200 });
    const settings = diff.fields.find((f: Json) => f.field === 'settings');
    expect(settings.diff[0]).toMatchObject({ kind: 'E', path: ['meta'] });
    expect(diff.fields.find((f: Json) => f.field === 'avatar').diff[0].kind).toBe('D');
    expect(diff.fields.some((f: Json) => f.collection === 'articles_tags')).toBe(false);
  });

  it('applies them, after which the instance matches the snapshot exactly', async () => {
    await diffAndApply(t, wanted);
    const again = await call(t, 'POST', '/schema/diff', wanted);
    expect(again.body?.diff).toBeUndefined();
    expect(again.status).toBe(204);
    const after = (await snapshotOf(t)).json;
    const expected = canonical(wanted);
    // MySQL/MariaDB keep an index on every foreign key column.
    if (t.vendor === 'mysql')
      expected.fields.find((f: Json) => f.collection === 'reviews' && f.field === 'article').schema.is_indexed = true;
    expect(after).toEqual(expected);
    expect(after.fields.find((f: Json) => f.field === 'nickname').schema.max_length).toBe(50);
    expect(after.collections.some((c: Json) => c.collection === 'articles_tags')).toBe(false);
    expect((await call(t, 'GET', '/items/authors?fields=name,bio')).body.data).toEqual([{ name: 'Ada', bio: 'Wrote notes' }]);
  });

  it('goes back to the first snapshot the same way', async () => {
    await diffAndApply(t, before);
    expect((await snapshotOf(t)).json).toEqual(before);
    expect((await call(t, 'POST', '/schema/diff', before)).status).toBe(204);
  });

  it('records what changed in the activity log', async () => {
    const activity = await call(t, 'GET', '/activity?filter[collection][_eq]=service_collections&fields=action,item&limit=-1');
    expect(activity.body.data).toContainEqual({ action: 'create', item: 'reviews' });
    expect(activity.body.data).toContainEqual({ action: 'delete', item: 'reviews' });
  });
});
