import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { call, metaRows, ok, type Json } from './schema-helpers.js';

describe('/fields', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await ok(t, 'POST', '/collections', {
      collection: 'books',
      fields: [
        { field: 'title', type: 'string' },
        { field: 'pages', type: 'integer' },
      ],
    });
    await ok(t, 'POST', '/items/books', [
      { title: 'One', pages: 10 },
      { title: 'Two', pages: null },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('adds fields to a table with rows: defaults fill the rows, "now" is written into them', async () => {
    const rating = await ok(t, 'POST', '/fields/books', {
      field: 'rating',
      type: 'integer',
      schema: { is_nullable: false, default_value: 3 },
    });
    expect(rating).toMatchObject({
      collection: 'books',
      field: 'rating',
      type: 'integer',
      schema: { is_nullable: false, default_value: 3 },
    });
    const added = await ok(t, 'POST', '/fields/books', {
      field: 'added_on',
      type: 'timestamp',
      schema: { default_value: 'CURRENT_TIMESTAMP', is_nullable: false },
    });
    expect(added.schema).toMatchObject({ default_value: 'CURRENT_TIMESTAMP', is_nullable: false });
    const items = (await ok(t, 'GET', '/items/books?sort=id')) as Json[];
    expect(items.map((i: Json) => i.rating)).toEqual([3, 3]);
    for (const item of items) expect(Date.parse(item.added_on)).not.toBeNaN();
    const created = await ok(t, 'POST', '/items/books', { title: 'Three' });
    expect(created).toMatchObject({ rating: 3 });
    expect(typeof created.added_on).toBe('string');
  });

  it('refuses a NOT NULL field without default on a table with rows (nothing is added)', async () => {
    const answer = await call(t, 'POST', '/fields/books', { field: 'isbn', type: 'string', schema: { is_nullable: false } });
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('CONTAINS_NULL_VALUES');
    expect(await t.app.knex.schema.hasColumn('books', 'isbn')).toBe(false);
    expect(await metaRows(t, 'service_fields', { collection: 'books', field: 'isbn' })).toEqual([]);
  });

  it('pins ambiguous types with special flags so they read back exactly', async () => {
    const cases: [string, string, string | null][] = [
      ['labels', 'csv', 'cast-csv'],
      ['secret', 'hash', 'hash'],
      ['extra', 'json', null],
      ['flag', 'boolean', null],
      ['seen_at', 'timestamp', null],
      ['local_at', 'dateTime', null],
    ];
    for (const [field, type, flag] of cases) {
      const created = await ok(t, 'POST', '/fields/books', { field, type, meta: null });
      expect([field, created.type]).toEqual([field, type]);
      if (flag) expect(created.meta.special).toContain(flag);
    }
    const item = await ok(t, 'POST', '/items/books', {
      title: 'Typed',
      labels: ['a', 'b'],
      extra: { k: [1] },
      flag: true,
      seen_at: '2024-01-02T03:04:05.000Z',
      local_at: '2024-01-02T03:04:05',
    });
    expect(item).toMatchObject({
      labels: ['a', 'b'],
      extra: { k: [1] },
      flag: true,
      seen_at: '2024-01-02T03:04:05.000Z',
      local_at: '2024-01-02T03:04:05',
    });
  });

  it('alters a column: length, default, nullability, unique, type', async () => {
    const patched = await ok(t, 'PATCH', '/fields/books/title', {
      schema: { max_length: 120, default_value: 'Untitled' },
      meta: { note: 'The title' },
    });
    expect(patched.schema).toMatchObject({ max_length: 120, default_value: 'Untitled' });
    expect(patched.meta.note).toBe('The title');

    const nulls = await call(t, 'PATCH', '/fields/books/pages', { schema: { is_nullable: false } });
    expect([nulls.status, nulls.code]).toEqual([400, 'CONTAINS_NULL_VALUES']);
    await ok(t, 'PATCH', '/items/books', { query: { filter: { pages: { _null: true } } }, data: { pages: 1 } });
    const notNull = await ok(t, 'PATCH', '/fields/books/pages', { schema: { is_nullable: false } });
    expect(notNull.schema.is_nullable).toBe(false);

    await ok(t, 'POST', '/items/books', { title: 'One', pages: 5 });
    const duplicate = await call(t, 'PATCH', '/fields/books/title', { schema: { is_unique: true } });
    expect([duplicate.status, duplicate.code]).toEqual([400, 'RECORD_NOT_UNIQUE']);
    await ok(t, 'DELETE', '/items/books', { query: { filter: { pages: { _eq: 5 } } } }, 204);
    const unique = await ok(t, 'PATCH', '/fields/books/title', { schema: { is_unique: true } });
    expect(unique.schema).toMatchObject({ is_unique: true, is_indexed: true });
    const clash = await call(t, 'POST', '/items/books', { title: 'One', pages: 2 });
    expect(clash.code).toBe('RECORD_NOT_UNIQUE');
    const notUnique = await ok(t, 'PATCH', '/fields/books/title', { schema: { is_unique: false } });
    expect(notUnique.schema.is_unique).toBe(false);

    await ok(t, 'POST', '/fields/books', { field: 'price', type: 'decimal', schema: { numeric_precision: 6, numeric_scale: 2 } });
    await ok(t, 'PATCH', '/items/books', { query: { filter: { title: { _eq: 'One' } } }, data: { price: 12.34 } });
    const wider = await ok(t, 'PATCH', '/fields/books/price', { schema: { numeric_precision: 12, numeric_scale: 4 } });
    expect(wider.schema).toMatchObject({ numeric_precision: 12, numeric_scale: 4 });
    const [priced] = (await ok(t, 'GET', '/items/books?filter[title][_eq]=One&fields=price')) as Json[];
    expect(Number(priced.price)).toBe(12.34);

    const bigger = await ok(t, 'PATCH', '/fields/books/pages', { type: 'bigInteger' });
    expect(bigger.type).toBe('bigInteger');
    const asText = await ok(t, 'PATCH', '/fields/books/extra', { type: 'text' });
    expect(asText.type).toBe('text');
    expect(asText.meta?.special ?? []).not.toContain('cast-json');
    const books = (await ok(t, 'GET', '/items/books?sort=id&fields=title,pages')) as Json[];
    expect(books[0]).toEqual({ title: 'One', pages: 10 });
  });

  it('creates alias fields (meta only) and updates meta without touching the column', async () => {
    const group = await ok(t, 'POST', '/fields/books', {
      field: 'details',
      type: 'alias',
      meta: { special: ['group'], interface: 'group-detail' },
    });
    expect(group).toMatchObject({ type: 'alias', schema: null, meta: { special: ['group'], interface: 'group-detail' } });
    const hidden = await ok(t, 'PATCH', '/fields/books/pages', { meta: { hidden: true, sort: 1 } });
    expect(hidden.meta).toMatchObject({ hidden: true, sort: 1 });
    expect(hidden.schema.is_nullable).toBe(false);
    const toColumn = await call(t, 'PATCH', '/fields/books/details', { type: 'string' });
    expect([toColumn.status, toColumn.code]).toEqual([400, 'INVALID_PAYLOAD']);
  });

  it('answers GET /fields for all, one collection and one field', async () => {
    const all = (await ok(t, 'GET', '/fields')) as Json[];
    expect(all.some((f: Json) => f.collection === 'books' && f.field === 'title')).toBe(true);
    expect(all.some((f: Json) => f.collection === 'service_users' && f.field === 'email')).toBe(true);
    const books = (await ok(t, 'GET', '/fields/books')) as Json[];
    expect(books[0].field).toBe('pages');
    expect((await call(t, 'GET', '/fields/books/nope')).status).toBe(403);
    expect((await call(t, 'GET', '/fields/nothing')).status).toBe(403);
  });

  it('deletes a field: column and meta row', async () => {
    await ok(t, 'DELETE', '/fields/books/rating', undefined, 204);
    expect(await t.app.knex.schema.hasColumn('books', 'rating')).toBe(false);
    expect(await metaRows(t, 'service_fields', { collection: 'books', field: 'rating' })).toEqual([]);
    const item = (await ok(t, 'GET', '/items/books?limit=1')) as Json[];
    expect(item[0]).not.toHaveProperty('rating');
    expect((await call(t, 'GET', '/fields/books/rating')).status).toBe(403);
    await ok(t, 'DELETE', '/fields/books/details', undefined, 204);
    expect((await call(t, 'DELETE', '/fields/books/id')).code).toBe('INVALID_PAYLOAD');
    expect((await call(t, 'DELETE', '/fields/books/rating')).status).toBe(403);
  });

  it.each([
    { name: 'an unknown type', body: { field: 'x', type: 'money' }, status: 400 },
    { name: 'a hostile name', body: { field: 'x"; drop table books; --', type: 'string' }, status: 400 },
    { name: 'an existing field', body: { field: 'TITLE', type: 'string' }, status: 400 },
    { name: 'a primary key', body: { field: 'other_id', type: 'integer', schema: { is_primary_key: true } }, status: 400 },
    { name: 'a bad max_length', body: { field: 'x', type: 'string', schema: { max_length: -1 } }, status: 400 },
    { name: 'a bad meta', body: { field: 'x', type: 'string', meta: { width: 42 } }, status: 400 },
  ])('refuses $name with a catalogue error', async ({ body, status }) => {
    const answer = await call(t, 'POST', '/fields/books', body);
    expect(answer.status).toBe(status);
    expect(answer.code).toBe('INVALID_PAYLOAD');
    expect(await t.app.knex.schema.hasColumn('books', 'x')).toBe(false);
  });

  it('refuses fields on unknown and system collections', async () => {
    expect((await call(t, 'POST', '/fields/nothing', { field: 'x', type: 'string' })).status).toBe(403);
    expect((await call(t, 'POST', '/fields/service_users', { field: 'x', type: 'string' })).code).toBe('INVALID_PAYLOAD');
    expect((await call(t, 'PATCH', '/fields/service_users/email', { meta: { note: 'x' } })).code).toBe('INVALID_PAYLOAD');
    expect((await call(t, 'PATCH', '/fields/books/nothing', { meta: { note: 'x' } })).status).toBe(403);
  });
});
