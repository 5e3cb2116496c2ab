import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';

type Row = Record<string, unknown>;

/**
 * Many-to-any, the way Directus's app sets up a "builder" field: `pages.sections` (alias, special m2a) →
 * `pages_sections` (pages_id → pages; `item` holds the key of an item in `headings` or `texts`, and
 * `collection` says which), read with the `item:<collection>` field syntax.
 */
describe('many-to-any through a junction', () => {
  let t: TestApp;

  const send = async (method: string, url: string, body?: unknown, token: string | null = t.adminToken) => {
    const response = await t.request(method, url, { token, ...(body !== undefined ? { body } : {}) });
    return { status: response.statusCode, body: response.body === '' ? null : (JSON.parse(response.body) as Row) };
  };
  const ok = async (method: string, url: string, body?: unknown, token?: string): Promise<Row> => {
    const answer = await send(method, url, body, token);
    if (answer.status !== 200 && answer.status !== 204)
      throw new Error(`${method} ${url} → ${answer.status} ${JSON.stringify(answer.body)}`);
    return (answer.body?.data ?? null) as Row;
  };
  const code = (answer: { body: Row | null }) =>
    (answer.body?.errors as { extensions: { code: string } }[] | undefined)?.[0]?.extensions.code;
  const pk = { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } };
  const anyRelation = {
    collection: 'pages_sections',
    field: 'item',
    related_collection: null,
    meta: { one_allowed_collections: ['headings', 'texts'], one_collection_field: 'collection', junction_field: 'pages_id' },
    schema: null,
  };

  beforeAll(async () => {
    t = await createTestApp();
    await ok('POST', '/collections', { collection: 'pages', fields: [pk, { field: 'title', type: 'string' }] });
    await ok('POST', '/collections', { collection: 'headings', fields: [pk, { field: 'title', type: 'string' }] });
    await ok('POST', '/collections', { collection: 'texts', fields: [pk, { field: 'body', type: 'text' }] });
    await ok('POST', '/collections', {
      collection: 'pages_sections',
      meta: { hidden: true },
      fields: [pk, { field: 'pages_id', type: 'integer' }, { field: 'item', type: 'string' }, { field: 'collection', type: 'string' }],
    });
    await ok('POST', '/fields/pages', { field: 'sections', type: 'alias', meta: { special: ['m2a'], interface: 'list-m2a' } });
    await ok('POST', '/relations', anyRelation);
    await ok('POST', '/relations', {
      collection: 'pages_sections',
      field: 'pages_id',
      related_collection: 'pages',
      meta: { one_field: 'sections', junction_field: 'item' },
      schema: { on_delete: 'CASCADE' },
    });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    for (const table of ['pages_sections', 'pages', 'headings', 'texts']) await t.app.knex(table).delete();
  });

  /** A page with a heading and a text, made through the nested payload Directus's app sends. */
  const page = () =>
    ok('POST', '/items/pages?fields=id', {
      title: 'Home',
      sections: [
        { collection: 'headings', item: { title: 'Welcome' } },
        { collection: 'texts', item: { body: 'Hello there' } },
      ],
    });

  it('is a relation without a related collection: GET /relations shows its collections and field', async () => {
    const relation = await ok('GET', '/relations/pages_sections/item');
    expect(relation).toMatchObject({
      collection: 'pages_sections',
      field: 'item',
      related_collection: null,
      schema: null,
      meta: { one_collection_field: 'collection', one_allowed_collections: ['headings', 'texts'], junction_field: 'pages_id' },
    });
  });

  it('creates the items and the junction rows from a nested payload, and reads them with item:<collection>', async () => {
    const { id } = await page();
    const read = await ok(
      'GET',
      `/items/pages/${id}?fields=title,sections.collection,sections.item:headings.title,sections.item:texts.body`,
    );
    expect(read).toEqual({
      title: 'Home',
      sections: [
        { collection: 'headings', item: { title: 'Welcome' } },
        { collection: 'texts', item: { body: 'Hello there' } },
      ],
    });
    const rows = await t.app.knex('pages_sections').orderBy('id').select('item', 'collection');
    const heading = await t.app.knex('headings').first();
    expect(rows[0]).toEqual({ item: String(heading.id), collection: 'headings' });
  });

  it('reads every allowed collection with item.*, and the stored key with a plain item', async () => {
    const { id } = await page();
    const all = await ok('GET', `/items/pages/${id}?fields=sections.item.*`);
    const [heading, text] = (all.sections as { item: Row }[]).map((s) => s.item);
    expect(heading).toMatchObject({ title: 'Welcome' });
    expect(text).toMatchObject({ body: 'Hello there' });
    const keys = await ok('GET', `/items/pages/${id}?fields=sections.item`);
    expect(keys.sections).toEqual([{ item: String(heading!.id) }, { item: String(text!.id) }]);
    // Only the headings asked for: the text's key stays a key.
    const one = await ok('GET', `/items/pages/${id}?fields=sections.item:headings.title`);
    expect(one.sections).toEqual([{ item: { title: 'Welcome' } }, { item: String(text!.id) }]);
  });

  it('reads an item that is gone, or a key of the wrong shape, as null', async () => {
    const { id } = await page();
    await t.app.knex('headings').delete();
    await t.app.knex('pages_sections').where({ collection: 'texts' }).update({ item: 'not-a-number' });
    const read = await ok('GET', `/items/pages/${id}?fields=sections.item:headings.title,sections.item:texts.body`);
    expect(read.sections).toEqual([{ item: null }, { item: null }]);
  });

  it('filters into a collection with item:<collection>, from the junction and through the parent', async () => {
    const { id } = await page();
    await ok('POST', '/items/pages', { title: 'Other', sections: [{ collection: 'headings', item: { title: 'Elsewhere' } }] });
    const through = (filter: unknown) => ok('GET', `/items/pages?fields=title&filter=${encodeURIComponent(JSON.stringify(filter))}`);
    expect(await through({ sections: { 'item:headings': { title: { _eq: 'Welcome' } } } })).toEqual([{ title: 'Home' }]);
    expect(await through({ sections: { 'item:texts': { body: { _contains: 'there' } } } })).toEqual([{ title: 'Home' }]);
    expect(await through({ sections: { _none: { 'item:headings': { title: { _eq: 'Welcome' } } } } })).toEqual([{ title: 'Other' }]);
    // A heading titled like the text's body does not match the text: the collection is part of the condition.
    expect(await through({ sections: { 'item:headings': { title: { _eq: 'Hello there' } } } })).toEqual([]);
    const rows = await ok('GET', `/items/pages_sections?fields=pages_id&filter[item:texts][body][_eq]=Hello there`);
    expect(rows).toEqual([{ pages_id: id }]);
  });

  it('refuses filters into a collection that is not allowed, not readable, or with operators on the key, with 403 or 400', async () => {
    await page();
    for (const filter of [{ 'item:pages': { title: { _eq: 'x' } } }, { 'junk:headings': { title: { _eq: 'x' } } }]) {
      const answer = await send('GET', `/items/pages_sections?filter=${encodeURIComponent(JSON.stringify(filter))}`);
      expect(answer.status).toBe(403);
    }
    const operators = await send(
      'GET',
      `/items/pages_sections?filter=${encodeURIComponent(JSON.stringify({ 'item:headings': { _eq: '1' } }))}`,
    );
    expect(operators.status).toBe(400);
    expect(code(operators)).toBe('INVALID_QUERY');
    const user = await t.userWith({
      permissions: [
        { collection: 'pages_sections', action: 'read', fields: ['*'] },
        { collection: 'headings', action: 'read', fields: ['*'] },
      ],
    });
    const notReadable = await send(
      'GET',
      `/items/pages_sections?filter=${encodeURIComponent(JSON.stringify({ 'item:texts': { body: { _nnull: true } } }))}`,
      undefined,
      user.token,
    );
    expect(notReadable.status).toBe(403);
    const readable = await send(
      'GET',
      `/items/pages_sections?fields=collection&filter=${encodeURIComponent(JSON.stringify({ 'item:headings': { title: { _nnull: true } } }))}`,
      undefined,
      user.token,
    );
    expect(readable.body?.data).toEqual([{ collection: 'headings' }]);
  });

  it('refuses an unknown or disallowed collection in item:<collection> with 403', async () => {
    await page();
    for (const fields of ['sections.item:pages.title', 'sections.item:nothing.id', 'sections.junk:headings.title']) {
      const answer = await send('GET', `/items/pages?fields=${fields}`);
      expect(answer.status).toBe(403);
      expect(code(answer)).toBe('FORBIDDEN');
    }
  });

  it('updates a nested item in the collection the stored row names, and records every write in the activity log', async () => {
    const since = Number((await t.app.knex('service_activity').max({ m: 'id' }).first())?.m ?? 0);
    const { id } = await page();
    const section = await t.app.knex('pages_sections').where({ collection: 'headings' }).first();
    await ok('PATCH', `/items/pages/${id}`, {
      sections: { create: [], update: [{ id: section.id, item: { id: Number(section.item), title: 'Welcome back' } }], delete: [] },
    });
    expect((await t.app.knex('headings').first()).title).toBe('Welcome back');
    const activity = await t.app
      .knex('service_activity')
      .where('id', '>', since)
      .whereIn('collection', ['pages', 'pages_sections', 'headings', 'texts'])
      .select('action', 'collection');
    const count = (action: string, collection: string) =>
      activity.filter((a: Row) => a.action === action && a.collection === collection).length;
    expect([
      count('create', 'pages'),
      count('create', 'pages_sections'),
      count('create', 'headings'),
      count('create', 'texts'),
      count('update', 'headings'),
    ]).toEqual([1, 2, 1, 1, 1]);
  });

  it('refuses a nested item whose collection is not allowed or missing with 400, and writes nothing', async () => {
    for (const section of [{ collection: 'pages', item: { title: 'x' } }, { item: { title: 'x' } }]) {
      const answer = await send('POST', '/items/pages', { title: 'Bad', sections: [section] });
      expect(answer.status).toBe(400);
      expect(code(answer)).toBe('INVALID_PAYLOAD');
    }
    expect(await t.app.knex('pages').count({ n: '*' }).first()).toEqual({ n: expect.anything() });
    expect(Number((await t.app.knex('pages').count({ n: '*' }).first())!.n)).toBe(0);
    expect(Number((await t.app.knex('headings').count({ n: '*' }).first())!.n)).toBe(0);
  });

  it('applies permissions per collection: a collection the user may not read is refused by name and left as a key in item.*', async () => {
    const { id } = await page();
    const user = await t.userWith({
      permissions: [
        { collection: 'pages', action: 'read', fields: ['*'] },
        { collection: 'pages_sections', action: 'read', fields: ['*'] },
        { collection: 'headings', action: 'read', fields: ['title'] },
      ],
    });
    const allowed = await ok('GET', `/items/pages/${id}?fields=sections.item:headings.title`, undefined, user.token);
    expect((allowed.sections as Row[])[0]).toEqual({ item: { title: 'Welcome' } });
    const refused = await send('GET', `/items/pages/${id}?fields=sections.item:texts.body`, undefined, user.token);
    expect(refused.status).toBe(403);
    const hiddenField = await send('GET', `/items/pages/${id}?fields=sections.item:headings.id`, undefined, user.token);
    expect(hiddenField.status).toBe(403);
    const all = await ok('GET', `/items/pages/${id}?fields=sections.item.*`, undefined, user.token);
    const [heading, text] = (all.sections as { item: unknown }[]).map((s) => s.item);
    expect(heading).toEqual({ title: 'Welcome' });
    expect(typeof text).toBe('string');
  });

  it('reads through GraphQL as a union of the allowed types, with inline and named fragments', async () => {
    await page();
    const query = `{ pages { title sections { collection item { __typename ... on headings { title } ...T } } } }
      fragment T on texts { body }`;
    const answer = await send('POST', '/graphql', { query });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      data: {
        pages: [
          {
            title: 'Home',
            sections: [
              { collection: 'headings', item: { __typename: 'headings', title: 'Welcome' } },
              { collection: 'texts', item: { __typename: 'texts', body: 'Hello there' } },
            ],
          },
        ],
      },
    });
    // Only one member asked for: the other's item is null (a key is not an object of the union).
    const one = await send('POST', '/graphql', { query: '{ pages { sections { item { ... on headings { title } } } } }' });
    expect((one.body?.data as { pages: { sections: unknown[] }[] }).pages[0]!.sections).toEqual([
      { item: { title: 'Welcome' } },
      { item: null },
    ]);
  });

  it('writes nested items through GraphQL mutations, and keeps unreadable members out of the union', async () => {
    const created = await send('POST', '/graphql', {
      query:
        'mutation { create_pages_item(data: { title: "Via GraphQL", sections: [{ collection: "texts", item: { body: "from a mutation" } }] }) { sections { item { ... on texts { body } } } } }',
    });
    expect(created.body).toEqual({ data: { create_pages_item: { sections: [{ item: { body: 'from a mutation' } }] } } });
    const user = await t.userWith({
      permissions: [
        { collection: 'pages', action: 'read', fields: ['*'] },
        { collection: 'pages_sections', action: 'read', fields: ['*'] },
        { collection: 'headings', action: 'read', fields: ['*'] },
      ],
    });
    const refused = await send('POST', '/graphql', { query: '{ pages { sections { item { ... on texts { body } } } } }' }, user.token);
    expect(refused.status).toBe(400);
    expect(code(refused)).toBe('GRAPHQL_VALIDATION');
  });

  it('refuses malformed many-to-any relations with 400', async () => {
    await ok('POST', '/fields/pages_sections', { field: 'other', type: 'string' });
    await ok('POST', '/fields/pages_sections', { field: 'other_collection', type: 'integer' });
    const base = { collection: 'pages_sections', field: 'other', related_collection: null, schema: null };
    for (const meta of [
      { one_collection_field: 'collection', one_allowed_collections: [] },
      { one_collection_field: 'collection', one_allowed_collections: ['nowhere'] },
      { one_collection_field: 'collection', one_allowed_collections: ['service_users'] },
      { one_collection_field: 'other_collection', one_allowed_collections: ['headings'] },
      { one_collection_field: 'missing', one_allowed_collections: ['headings'] },
    ]) {
      const answer = await send('POST', '/relations', { ...base, meta });
      expect(answer.status, JSON.stringify(meta)).toBe(400);
      expect(code(answer)).toBe('INVALID_PAYLOAD');
    }
    const withKey = await send('POST', '/relations', {
      ...base,
      meta: { one_collection_field: 'collection', one_allowed_collections: ['headings'] },
      schema: { on_delete: 'CASCADE' },
    });
    expect(withKey.status).toBe(400);
    const noMeta = await send('POST', '/relations', { collection: 'pages_sections', field: 'other', related_collection: null });
    expect(noMeta.status).toBe(400);
    expect(await t.app.knex('service_relations').where({ many_field: 'other' }).first()).toBeUndefined();
    await ok('DELETE', '/fields/pages_sections/other');
    await ok('DELETE', '/fields/pages_sections/other_collection');
  });

  it('forgets a deleted collection in the allowed collections, and the snapshot stays valid', async () => {
    await ok('POST', '/collections', { collection: 'quotes', fields: [pk, { field: 'text', type: 'string' }] });
    await ok('PATCH', '/relations/pages_sections/item', { meta: { one_allowed_collections: ['headings', 'texts', 'quotes'] } });
    expect(((await ok('GET', '/relations/pages_sections/item')).meta as Row).one_allowed_collections).toEqual([
      'headings',
      'texts',
      'quotes',
    ]);
    for (const body of [
      { meta: { one_allowed_collections: ['nowhere'] } },
      { meta: { one_collection_field: 'pages_id' } },
      { schema: { on_delete: 'CASCADE' } },
    ]) {
      const refused = await send('PATCH', '/relations/pages_sections/item', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    await ok('DELETE', '/collections/quotes');
    expect(((await ok('GET', '/relations/pages_sections/item')).meta as Row).one_allowed_collections).toEqual(['headings', 'texts']);
    const snapshot = await send('GET', '/schema/snapshot');
    const diff = await send('POST', '/schema/diff', snapshot.body?.data);
    expect(diff.status).toBe(204);
  });

  it('travels in the schema snapshot: applied to an empty database, the re-diff is empty', async () => {
    const answer = await send('GET', '/schema/snapshot');
    const snapshot = answer.body?.data as Row;
    const relation = (snapshot.relations as Row[]).find((r) => r.collection === 'pages_sections' && r.field === 'item');
    expect(relation).toMatchObject({
      related_collection: null,
      schema: null,
      meta: { one_collection_field: 'collection', one_allowed_collections: ['headings', 'texts'] },
    });
    const other = await createTestApp();
    try {
      const diff = await other.request('POST', '/schema/diff', { token: other.adminToken, body: snapshot });
      expect(diff.statusCode).toBe(200);
      const applied = await other.request('POST', '/schema/apply', {
        token: other.adminToken,
        body: JSON.parse(diff.body).data,
      });
      expect(applied.statusCode, applied.body).toBe(204);
      const again = await other.request('POST', '/schema/diff', { token: other.adminToken, body: snapshot });
      expect(again.statusCode, again.body).toBe(204);
      const made = await other.request('POST', '/items/pages?fields=sections.item:texts.body', {
        token: other.adminToken,
        body: { title: 'Copy', sections: [{ collection: 'texts', item: { body: 'copied' } }] },
      });
      expect(JSON.parse(made.body).data).toEqual({ sections: [{ item: { body: 'copied' } }] });
    } finally {
      await other.close();
    }
  });
});
