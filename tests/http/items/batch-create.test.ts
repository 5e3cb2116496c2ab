import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { countRows, seedCollections } from '../../setup/seed-collections.js';

type Article = { id: number; title: string; status: string; rating: number | null };
type Revision = {
  item: string;
  data: { id: number; title: string; rating: number | null; status: string };
  delta: Record<string, unknown>;
  activity: number;
};

/**
 * A batch of flat items is inserted together (one statement per set of columns where the database has
 * INSERT … RETURNING): every key must still belong to its own item, in the order sent, with its own activity
 * row and revision, and a failure anywhere must leave nothing.
 */
describe('POST /items/:collection with a batch', () => {
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
  });

  const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });
  const revisionsOf = async (keys: number[]) => {
    const response = await admin('GET', `/revisions?filter[collection][_eq]=articles&filter[item][_in]=${keys.join(',')}&limit=-1`);
    return dataOf<Revision[]>(response);
  };

  it('gives each item of a mixed batch its own key, in order, with its own activity row and revision', async () => {
    const batch = [
      { title: 'a' },
      { title: 'b', rating: 1 },
      { title: 'c' },
      { id: 5000, title: 'd' },
      { title: 'e', rating: 2 },
      { title: 'f' },
    ];
    const response = await admin('POST', '/items/articles', batch);
    expect(response.statusCode, response.body).toBe(200);
    const created = dataOf<Article[]>(response);
    expect(created.map((a) => a.title)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(created.map((a) => a.rating)).toEqual([null, 1, null, null, 2, null]);
    expect(created[3]!.id).toBe(5000);
    expect(new Set(created.map((a) => a.id)).size).toBe(6);
    // Each key reads back as the item that was sent with it.
    for (const item of created) expect(dataOf<Article>(await admin('GET', `/items/articles/${item.id}`)).title).toBe(item.title);

    const revisions = await revisionsOf(created.map((a) => a.id));
    expect(revisions).toHaveLength(6);
    for (const item of created) {
      const revision = revisions.find((r) => r.item === String(item.id));
      expect(revision?.data).toMatchObject({ id: item.id, title: item.title, rating: item.rating, status: 'draft' });
      expect(revision?.delta).toMatchObject({ title: item.title });
    }
    const activity = dataOf<{ id: number; item: string; action: string }[]>(
      await admin('GET', `/activity?filter[collection][_eq]=articles&filter[action][_eq]=create&limit=-1`),
    );
    for (const revision of revisions) expect(activity.find((a) => a.id === revision.activity)?.item).toBe(revision.item);
  });

  it('moves the automatic keys past a key given inside the batch', async () => {
    const created = dataOf<Article[]>(
      await admin('POST', '/items/articles', [
        { id: 7000, title: 'given' },
        { id: 7001, title: 'given too' },
      ]),
    );
    expect(created.map((a) => a.id)).toEqual([7000, 7001]);
    const next = dataOf<Article[]>(await admin('POST', '/items/articles', [{ title: 'auto 1' }, { title: 'auto 2' }]));
    expect(next.every((a) => a.id > 7001)).toBe(true);
  });

  it('writes nothing, activity included, when one item of the batch breaks a unique key', async () => {
    const activityBefore = await countRows(t.app, 'service_activity');
    const response = await admin('POST', '/items/articles', [{ title: 'x', slug: 'same' }, { title: 'y' }, { title: 'z', slug: 'same' }]);
    expectError(response, 400, 'RECORD_NOT_UNIQUE');
    expect(await countRows(t.app, 'articles')).toBe(0);
    expect(await countRows(t.app, 'service_activity')).toBe(activityBefore);
  });

  it('writes nothing when a later item of the batch is invalid', async () => {
    const response = await admin('POST', '/items/articles', [{ title: 'fine' }, { title: 'x'.repeat(60) }]);
    expect(response.statusCode).toBe(400);
    expect(await countRows(t.app, 'articles')).toBe(0);
  });

  it('keeps nested items in place between flat ones', async () => {
    const response = await admin('POST', '/items/articles', [
      { title: 'flat 1' },
      { title: 'nested', author: { name: 'Ann' } },
      { title: 'flat 2' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const created = dataOf<(Article & { author: number | null })[]>(response);
    expect(created.map((a) => a.title)).toEqual(['flat 1', 'nested', 'flat 2']);
    expect(typeof created[1]!.author).toBe('number');
    expect(created[0]!.id).toBeLessThan(created[1]!.id);
    expect(created[1]!.id).toBeLessThan(created[2]!.id);
  });

  it('keeps in each revision the item as an administrator reads it, every field type included, after a create and an update', async () => {
    const full = {
      title: 'Typed',
      slug: 'typed',
      rating: 4,
      featured: true,
      published_on: '2026-02-28',
      happened_at: '2026-02-28T13:14:15',
      opens_at: '09:30:00',
      external_id: '6f1c1b1e-8d7a-4a57-9f55-3f0f2b5c9a10',
      body: 'Text',
      metadata: { tags: ['a', 'b'], n: 1 },
    };
    const columns = 'id,title,slug,status,rating,featured,published_on,happened_at,opens_at,external_id,body,metadata,author';
    const [created] = dataOf<Article[]>(await admin('POST', '/items/articles', [full, { ...full, slug: 'typed-2' }]));
    const asRead = async () => dataOf<Record<string, unknown>>(await admin('GET', `/items/articles/${created!.id}?fields=${columns}`));
    const latestRevision = async () => (await revisionsOf([created!.id])).sort((a, b) => b.activity - a.activity)[0]!;
    expect((await latestRevision()).data).toEqual(await asRead());

    expect(
      (await admin('PATCH', `/items/articles/${created!.id}`, { featured: false, metadata: { n: 2 }, happened_at: '2026-03-01T00:00:01' }))
        .statusCode,
    ).toBe(200);
    const updated = await latestRevision();
    expect(updated.data).toEqual(await asRead());
    expect(updated.data).toMatchObject({ featured: false, metadata: { n: 2 } });
    // (happened_at's form in the delta depends on the vendor's column type: a date-time, or a timestamp on PostgreSQL.)
    expect(Object.keys(updated.delta).sort()).toEqual(['featured', 'happened_at', 'metadata']);
    expect(updated.delta).toMatchObject({ featured: false, metadata: { n: 2 } });
  });

  it('inserts a batch of flat items in one statement where the database returns inserted rows', async () => {
    const inserts: string[] = [];
    const listen = (q: { sql: string }) => {
      if (/^insert into [`"]articles[`"]/i.test(q.sql)) inserts.push(q.sql);
    };
    t.app.knex.on('query', listen);
    try {
      const response = await admin(
        'POST',
        '/items/articles',
        Array.from({ length: 50 }, (_, i) => ({ title: `row ${i}` })),
      );
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      t.app.knex.off('query', listen);
    }
    expect(inserts).toHaveLength(t.app.dialect.supportsReturning ? 1 : 50);
  });
});
