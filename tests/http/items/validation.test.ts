import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { countRows, seedCollections } from '../../setup/seed-collections.js';

type Row = Record<string, unknown>;

/** Values are checked per field type on every database (SQLite's loose typing never decides what is stored). */
describe('/items payload validation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.app.knex('comments').delete();
    await t.app.knex('articles').delete();
    await t.app.knex('authors').delete();
  });

  const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });

  describe('values of the wrong type → 400, nothing written', () => {
    const cases: { name: string; payload: Row; code: string }[] = [
      { name: 'a string in an integer field', payload: { rating: 'five' }, code: 'INVALID_PAYLOAD' },
      { name: 'a decimal in an integer field', payload: { rating: 1.5 }, code: 'INVALID_PAYLOAD' },
      { name: 'an object in an integer field', payload: { rating: { a: 1 } }, code: 'INVALID_PAYLOAD' },
      { name: 'an integer past the 32-bit range', payload: { rating: 2 ** 40 }, code: 'VALUE_OUT_OF_RANGE' },
      { name: 'a bad boolean', payload: { featured: 'maybe' }, code: 'INVALID_PAYLOAD' },
      { name: 'a number as boolean', payload: { featured: 7 }, code: 'INVALID_PAYLOAD' },
      { name: 'a bad date', payload: { published_on: 'yesterday' }, code: 'INVALID_PAYLOAD' },
      { name: 'an impossible date', payload: { published_on: '2024-13-45' }, code: 'INVALID_PAYLOAD' },
      { name: 'a day that does not exist (Feb 30)', payload: { published_on: '2024-02-30' }, code: 'INVALID_PAYLOAD' },
      { name: 'Feb 29 outside a leap year', payload: { published_on: '2023-02-29' }, code: 'INVALID_PAYLOAD' },
      { name: 'a bad date-time', payload: { happened_at: 'soon' }, code: 'INVALID_PAYLOAD' },
      { name: 'a date-time on a day that does not exist', payload: { happened_at: '2024-02-30T10:00:00' }, code: 'INVALID_PAYLOAD' },
      { name: 'a date-time with an impossible hour', payload: { happened_at: '2024-05-06T25:00:00' }, code: 'INVALID_PAYLOAD' },
      { name: 'a time with an impossible hour', payload: { opens_at: '25:99' }, code: 'INVALID_PAYLOAD' },
      { name: 'a time with impossible minutes', payload: { opens_at: '10:61:00' }, code: 'INVALID_PAYLOAD' },
      { name: 'a number as time', payload: { opens_at: 1030 }, code: 'INVALID_PAYLOAD' },
      { name: 'a bad uuid', payload: { external_id: 'not-a-uuid' }, code: 'INVALID_PAYLOAD' },
      { name: 'a number as uuid', payload: { external_id: 12 }, code: 'INVALID_PAYLOAD' },
      { name: 'a string longer than the column', payload: { title: 'x'.repeat(51) }, code: 'VALUE_TOO_LONG' },
      { name: 'an object in a string field', payload: { title: { a: 1 } }, code: 'INVALID_PAYLOAD' },
      { name: 'an array in a text field', payload: { body: ['a'] }, code: 'INVALID_PAYLOAD' },
      { name: 'null in a not-null field', payload: { title: null }, code: 'FAILED_VALIDATION' },
      { name: 'a string as a foreign key', payload: { author: 'abc' }, code: 'INVALID_PAYLOAD' },
    ];
    for (const { name, payload, code } of cases) {
      it(`answers 400 ${code} on create for ${name}`, async () => {
        const response = await admin('POST', '/items/articles', { title: 'ok', ...payload });
        expectError(response, 400, code);
        expect(await countRows(t.app, 'articles')).toBe(0);
      });
    }

    it('answers 400 on update for a string in an integer field and leaves the item unchanged', async () => {
      const item = dataOf<Row>(await admin('POST', '/items/articles', { title: 'ok', rating: 1 }));
      expectError(await admin('PATCH', `/items/articles/${item.id}`, { rating: 'ten' }), 400, 'INVALID_PAYLOAD');
      expectError(await admin('PATCH', '/items/articles', { keys: [item.id], data: { featured: 'yes please' } }), 400, 'INVALID_PAYLOAD');
      expect(await t.app.knex('articles').first()).toMatchObject({ title: 'ok', rating: 1 });
    });

    it('accepts numeric strings, boolean strings, full dates and upper-case uuids and stores canonical values', async () => {
      const response = await admin('POST', '/items/articles', {
        title: 'canonical',
        rating: '42',
        featured: 'true',
        published_on: '2024-02-29',
        happened_at: '2024-05-06T07:08:09',
        opens_at: '09:30',
        external_id: 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11',
        metadata: { tags: ['a', 'b'], nested: { n: 1 } },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(dataOf(response)).toMatchObject({
        rating: 42,
        featured: true,
        published_on: '2024-02-29',
        opens_at: '09:30:00',
        external_id: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
        metadata: { tags: ['a', 'b'], nested: { n: 1 } },
      });
    });

    it('requires a value for a not-null column without default', async () => {
      const error = expectError(await admin('POST', '/items/authors', { email: 'x@example.com' }), 400, 'FAILED_VALIDATION');
      expect(error.extensions).toMatchObject({ field: 'name', type: 'required' });
      expect(await countRows(t.app, 'authors')).toBe(0);
      // On update the field may be left out.
      const author = dataOf<Row>(await admin('POST', '/items/authors', { name: 'N' }));
      expect((await admin('PATCH', `/items/authors/${author.id}`, { email: 'n@example.com' })).statusCode).toBe(200);
    });
  });

  describe('constraints', () => {
    it('answers 400 RECORD_NOT_UNIQUE for a duplicate unique value', async () => {
      await admin('POST', '/items/articles', { title: 'one', slug: 'same' });
      const error = expectError(await admin('POST', '/items/articles', { title: 'two', slug: 'same' }), 400, 'RECORD_NOT_UNIQUE');
      expect(error.extensions.collection).toBe('articles');
      expect(error.extensions.field).toBe('slug');
      // Every vendor names the value (SQLite's error does not carry it: it is taken from the write).
      expect(error.extensions.value).toBe('same');
      expect(error.message).toBe('Value "same" for field "slug" in collection "articles" has to be unique.');
      expect(await countRows(t.app, 'articles')).toBe(1);
    });

    it('names the duplicate value of a batch create and of an update on every vendor', async () => {
      await admin('POST', '/items/articles', { title: 'one', slug: 'first' });
      const inTable = expectError(
        await admin('POST', '/items/articles', [
          { title: 'a', slug: 'fresh' },
          { title: 'b', slug: 'first' },
        ]),
        400,
        'RECORD_NOT_UNIQUE',
      );
      expect(inTable.extensions).toMatchObject({ field: 'slug', value: 'first' });
      const inBatch = expectError(
        await admin('POST', '/items/articles', [
          { title: 'a', slug: 'fresh' },
          { title: 'b', slug: 'twice' },
          { title: 'c', slug: 'twice' },
        ]),
        400,
        'RECORD_NOT_UNIQUE',
      );
      expect(inBatch.extensions).toMatchObject({ field: 'slug', value: 'twice' });
      const other = dataOf<Row>(await admin('POST', '/items/articles', { title: 'two', slug: 'second' }));
      const update = expectError(await admin('PATCH', `/items/articles/${other.id}`, { slug: 'first' }), 400, 'RECORD_NOT_UNIQUE');
      expect(update.message).toBe('Value "first" for field "slug" in collection "articles" has to be unique.');
    });

    it('answers 400 RECORD_NOT_UNIQUE on update too', async () => {
      await admin('POST', '/items/articles', { title: 'one', slug: 'taken' });
      const other = dataOf<Row>(await admin('POST', '/items/articles', { title: 'two', slug: 'free' }));
      expectError(await admin('PATCH', `/items/articles/${other.id}`, { slug: 'taken' }), 400, 'RECORD_NOT_UNIQUE');
      expect(
        (
          await t.app
            .knex('articles')
            .where({ id: other.id as number })
            .first()
        ).slug,
      ).toBe('free');
    });

    it('answers 400 INVALID_FOREIGN_KEY for a reference to a missing row', async () => {
      const error = expectError(await admin('POST', '/items/articles', { title: 'orphan', author: 424242 }), 400, 'INVALID_FOREIGN_KEY');
      expect(error.extensions.collection).toBe('articles');
      expect(await countRows(t.app, 'articles')).toBe(0);
    });
  });

  describe('batches are all or nothing', () => {
    it('writes nothing (no rows, no activity) when one item of a batch create fails', async () => {
      const rows = await countRows(t.app, 'articles');
      const activity = await countRows(t.app, 'service_activity');
      const revisions = await countRows(t.app, 'service_revisions');
      const response = await admin('POST', '/items/articles', [{ title: 'first' }, { title: 'second' }, { title: 'third', rating: 'bad' }]);
      expectError(response, 400, 'INVALID_PAYLOAD');
      expect(await countRows(t.app, 'articles')).toBe(rows);
      expect(await countRows(t.app, 'service_activity')).toBe(activity);
      expect(await countRows(t.app, 'service_revisions')).toBe(revisions);
    });

    it('writes nothing when a database constraint fails in the middle of a batch create', async () => {
      const activity = await countRows(t.app, 'service_activity');
      const response = await admin('POST', '/items/articles', [
        { title: 'a', slug: 'dup' },
        { title: 'b', slug: 'dup' },
      ]);
      expectError(response, 400, 'RECORD_NOT_UNIQUE');
      expect(await countRows(t.app, 'articles')).toBe(0);
      expect(await countRows(t.app, 'service_activity')).toBe(activity);
    });

    it('writes nothing when one item of a batch update fails', async () => {
      const [a, b] = dataOf<Row[]>(
        await admin('POST', '/items/articles', [
          { title: 'a', slug: 'a' },
          { title: 'b', slug: 'b' },
        ]),
      );
      const activity = await countRows(t.app, 'service_activity');
      const response = await admin('PATCH', '/items/articles', [
        { id: a!.id, title: 'changed' },
        { id: b!.id, slug: 'a' },
      ]);
      expectError(response, 400, 'RECORD_NOT_UNIQUE');
      expect(
        (
          await t.app
            .knex('articles')
            .where({ id: a!.id as number })
            .first()
        ).title,
      ).toBe('a');
      expect(await countRows(t.app, 'service_activity')).toBe(activity);
    });

    it('writes nothing when one key of a {keys, data} update is missing', async () => {
      const a = dataOf<Row>(await admin('POST', '/items/articles', { title: 'a' }));
      const activity = await countRows(t.app, 'service_activity');
      expectError(await admin('PATCH', '/items/articles', { keys: [a.id, 999999], data: { title: 'x' } }), 403, 'FORBIDDEN');
      expect((await t.app.knex('articles').first()).title).toBe('a');
      expect(await countRows(t.app, 'service_activity')).toBe(activity);
    });
  });
});
