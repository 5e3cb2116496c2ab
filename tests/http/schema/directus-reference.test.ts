import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { call, diffAndApply, fixture, FIXTURES, snapshotOf, type Json } from './schema-test-helpers.js';

/**
 * Snapshots exported by the reference Directus 11.17.4 (tests/fixtures/schema/directus/README.md says how) from
 * a schema with every field type, m2o, o2m, m2m with a sorted junction, relations to directus_users, a folder,
 * a singleton, archive and sort fields, accountability, choices, notes, translations, validation: diff → apply
 * → diff answers 204 on every vendor (with `force`: the version is Directus's).
 */
const NAMES = readdirSync(join(FIXTURES, 'directus')).filter((name) => name.endsWith('.json'));

describe('snapshots exported by Directus 11', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('has fixtures', () => {
    expect(NAMES.length).toBeGreaterThan(0);
  });

  for (const name of NAMES) {
    it(`${name}: diff, apply, and a second diff finds nothing`, async () => {
      const document = JSON.parse(fixture(`directus/${name}`)) as Json;
      // Start from an empty schema: drop what an earlier fixture made.
      const empty = { ...(await snapshotOf(t)).json, collections: [], fields: [], relations: [] };
      await diffAndApply(t, empty, '?force');
      const diff = await diffAndApply(t, document, '?force');
      expect(diff).not.toBeNull();
      const again = await call(t, 'POST', '/schema/diff?force', document);
      expect(again.text).toBe('');
      expect(again.status).toBe(204);
      const after = (await snapshotOf(t)).json;
      expect(after.collections.map((c: Json) => c.collection).sort()).toEqual(document.collections.map((c: Json) => c.collection).sort());
      expect(after.fields).toHaveLength(document.fields.length);
      expect(after.relations).toHaveLength(document.relations.length);
      if (document.vendor === t.vendor) {
        // On the same vendor the columns are the ones the snapshot names: `datetime` timestamps and `char(n)`
        // strings on SQLite (a string that is or points at a uuid key becomes a uuid, as Directus makes it when it
        // applies: `char(36)` too), `real` floats on PostgreSQL.
        const typeOf = (fields: Json[]) =>
          fields
            .filter((f) => f.schema)
            .map((f) => `${f.collection}.${f.field}:${f.schema.data_type}`)
            .sort();
        expect(typeOf(after.fields)).toEqual(typeOf(document.fields));
        // A `char(36)` string that neither is nor points at a key keeps its column (decision 0023).
        if (t.vendor === 'sqlite' && name === 'directus-11-sqlite-reference.json') {
          const external = after.fields.find((f: Json) => f.collection === 'ref_authors' && f.field === 'external_id');
          expect(external).toMatchObject({ type: 'string', schema: { data_type: 'char', max_length: 36 } });
        }
      }
    });
  }

  it('a many-to-any data model from Directus answers as Directus did (recorded from the reference 11.17.4)', async () => {
    const document = JSON.parse(fixture('directus/directus-11-sqlite-many-to-any.json')) as Json;
    const empty = { ...(await snapshotOf(t)).json, collections: [], fields: [], relations: [] };
    await diffAndApply(t, empty, '?force');
    await diffAndApply(t, document, '?force');
    const created = await call(t, 'POST', '/items/pages', {
      title: 'Home',
      builder: [
        { collection: 'headings', item: { title: 'Welcome' } },
        { collection: 'texts', item: { body: 'Hello there' } },
      ],
    });
    expect(created.status).toBe(200);
    const read = async (query: string) => (await call(t, 'GET', `/items/pages?${query}`)).body.data;
    const text = (await read('fields=builder.item'))[0].builder[1].item as string;
    expect(text).toMatch(/^[0-9a-f-]{36}$/);
    // The answers the reference Directus gave to the same requests on the same data.
    expect(await read('fields=builder.item:headings.title')).toEqual([{ builder: [{ item: { title: 'Welcome' } }, { item: text }] }]);
    expect(await read('fields=builder.item.*')).toEqual([
      { builder: [{ item: { id: 1, title: 'Welcome' } }, { item: { id: text, body: 'Hello there' } }] },
    ]);
    expect(await read('fields=builder.item')).toEqual([{ builder: [{ item: '1' }, { item: text }] }]);
    expect(await read('fields=title&filter[builder][item:texts][body][_eq]=Hello there')).toEqual([{ title: 'Home' }]);
    expect(await read('fields=title&filter[builder][item:headings][title][_eq]=Hello there')).toEqual([]);
  });
});
