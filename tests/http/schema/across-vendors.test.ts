import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { call, diffAndApply, fixture, snapshotOf, upload, type Json } from './schema-test-helpers.js';

const FIXTURES = ['stratum-sqlite.json', 'stratum-postgres.json', 'stratum-mysql.json', 'directus-11-sqlite.json'] as const;

describe('snapshots from other vendors and from Directus 11', () => {
  const apps = new Map<string, TestApp>();

  beforeAll(async () => {
    const created = await Promise.all(FIXTURES.map(() => createTestApp()));
    FIXTURES.forEach((name, i) => apps.set(name, created[i]!));
  });
  afterAll(async () => {
    await Promise.all([...apps.values()].map((t) => t.close()));
  });

  it('refuses a snapshot of another vendor or of Directus without force, naming the difference', async () => {
    const t = apps.get('stratum-sqlite.json')!;
    for (const name of FIXTURES) {
      const document = JSON.parse(fixture(name)) as Json;
      const answer = await call(t, 'POST', '/schema/diff', document);
      if (name.startsWith('directus')) {
        expect(answer.status).toBe(400);
        expect(answer.message).toContain(`Provided snapshot's directus version 11.17.4 does not match the current instance's version`);
      } else if (document.vendor !== t.vendor) {
        expect(answer.status).toBe(400);
        expect(answer.message).toContain(
          `Provided snapshot's vendor ${document.vendor} does not match the current instance's vendor ${t.vendor}`,
        );
      } else {
        expect(answer.status).toBe(200);
      }
    }
  });

  for (const name of FIXTURES) {
    it(`applies ${name} with force, and a second diff finds nothing`, async () => {
      const t = apps.get(name)!;
      const document = JSON.parse(fixture(name)) as Json;
      await diffAndApply(t, document, '?force');
      const again = await call(t, 'POST', '/schema/diff?force', document);
      expect(again.body?.diff).toBeUndefined();
      expect(again.status).toBe(204);
      const after = (await snapshotOf(t)).json;
      expect(after.collections.map((c: Json) => c.collection)).toEqual(document.collections.map((c: Json) => c.collection));
      expect(after.fields.map((f: Json) => `${f.collection}.${f.field}:${f.type}`).sort()).toEqual(
        document.fields
          .map(
            (f: Json) =>
              `${f.collection}.${f.field}:${f.type === 'string' && f.schema?.max_length === 36 && f.schema?.foreign_key_table ? 'uuid' : f.type}`,
          )
          .sort(),
      );
      expect(after.relations).toHaveLength(document.relations.length);
      if (document.vendor === t.vendor && !name.startsWith('directus')) expect(after).toEqual(document);
    });
  }

  it('takes the Directus YAML export as an uploaded file', async () => {
    const t = apps.get('directus-11-sqlite.json')!;
    const answer = await upload(t, '/schema/diff?force', [
      { name: 'directus.yaml', content: fixture('directus-11-sqlite.yaml'), type: 'text/yaml' },
    ]);
    expect(answer.status).toBe(204);
    expect(parse(fixture('directus-11-sqlite.yaml'))).toEqual(JSON.parse(fixture('directus-11-sqlite.json')));
  });

  it('stores and reads items in the collections a Directus snapshot made', async () => {
    const t = apps.get('directus-11-sqlite.json')!;
    const author = await call(t, 'POST', '/items/fx_authors', { name: 'Ada', email: 'ada@example.com' });
    expect(author.status).toBe(200);
    const article = await call(t, 'POST', '/items/fx_articles', {
      id: '8c0cdbb5-3a0d-4d33-9d4b-6a0e8b2f2a10',
      title: 'Hello',
      author: author.body.data.id,
    });
    expect(article.status).toBe(200);
    const read = await call(t, 'GET', '/items/fx_authors?fields=name,articles.title');
    expect(read.body.data).toEqual([{ name: 'Ada', articles: [{ title: 'Hello' }] }]);
  });
});
