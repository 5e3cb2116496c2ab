import { createDirectus, createItem, readItem, readItems, rest, staticToken } from '@directus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';

type Heading = { id: number; title: string };
type Text = { id: number; body: string };
type Section = { id: number; pages_id: number | Page | null; collection: string; item: string | Heading | Text };
type Page = { id: number; title: string; sections: Section[] };
type Schema = { pages: Page[]; headings: Heading[]; texts: Text[]; pages_sections: Section[] };

/** The official @directus/sdk with a many-to-any relation: its `{ item: { <collection>: [...] } }` field syntax and nested writes. */
describe('@directus/sdk with a many-to-any relation', () => {
  let t: TestApp;
  let url = '';

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
    const admin = async (path: string, body: unknown) => {
      const response = await t.request('POST', path, { token: t.adminToken, body });
      if (response.statusCode !== 200) throw new Error(`POST ${path} → ${response.statusCode} ${response.body}`);
    };
    const pk = { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } };
    await admin('/collections', { collection: 'pages', fields: [pk, { field: 'title', type: 'string' }] });
    await admin('/collections', { collection: 'headings', fields: [pk, { field: 'title', type: 'string' }] });
    await admin('/collections', { collection: 'texts', fields: [pk, { field: 'body', type: 'text' }] });
    await admin('/collections', {
      collection: 'pages_sections',
      fields: [pk, { field: 'pages_id', type: 'integer' }, { field: 'item', type: 'string' }, { field: 'collection', type: 'string' }],
    });
    await admin('/fields/pages', { field: 'sections', type: 'alias', meta: { special: ['m2a'] } });
    await admin('/relations', {
      collection: 'pages_sections',
      field: 'item',
      related_collection: null,
      meta: { one_allowed_collections: ['headings', 'texts'], one_collection_field: 'collection', junction_field: 'pages_id' },
      schema: null,
    });
    await admin('/relations', {
      collection: 'pages_sections',
      field: 'pages_id',
      related_collection: 'pages',
      meta: { one_field: 'sections', junction_field: 'item' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates a page with a heading and a text, reads each through its collection, and filters into one', async () => {
    const sdk = createDirectus<Schema>(url).with(staticToken(t.adminToken)).with(rest());
    const page = await sdk.request(
      createItem(
        'pages',
        {
          title: 'Home',
          sections: [
            { collection: 'headings', item: { title: 'Welcome' } },
            { collection: 'texts', item: { body: 'Hello' } },
          ],
        } as never,
        { fields: ['id'] },
      ),
    );
    const read = await sdk.request(
      readItem('pages', page.id, { fields: ['title', { sections: ['collection', { item: { headings: ['title'], texts: ['body'] } }] }] }),
    );
    expect(read).toEqual({
      title: 'Home',
      sections: [
        { collection: 'headings', item: { title: 'Welcome' } },
        { collection: 'texts', item: { body: 'Hello' } },
      ],
    });
    const found = await sdk.request(
      readItems('pages', { fields: ['title'], filter: { sections: { 'item:texts': { body: { _eq: 'Hello' } } } } as never }),
    );
    expect(found).toEqual([{ title: 'Home' }]);
  });
});
