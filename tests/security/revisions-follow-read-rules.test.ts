import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError, expectNoLeak } from '../setup/expect-error.js';

type Row = Record<string, unknown>;

/**
 * Threat: a reader granted `service_revisions` reads, through the audit trail, what their rules on the
 * revised collection keep from them: revisions of a collection they may not read at all, fields their rules
 * leave out (a revision's `data` and `delta` hold every stored field), and items their row filter excludes.
 * Every position that reaches revisions is checked: the list, by id, counts, aggregates, export, the activity
 * log's `revisions`, GraphQL, and filters, sorts and search on `data`/`delta` as oracles.
 *
 * Fixture: `rf_open` (integer key; read on id, title only), `rf_closed` (no read rule), `rf_rows` (uuid key;
 * read on every field of items whose team is "red"), one red item deleted after it was written.
 */
const OPEN_SECRET = 'open-secret-xyz';
const CLOSED_TITLE = 'closed-title-xyz';
const BLUE_TITLE = 'blue-title-xyz';
const GONE_TITLE = 'gone-red-title';
const HIDDEN_VALUES = [OPEN_SECRET, CLOSED_TITLE, BLUE_TITLE, GONE_TITLE];

describe('revisions follow the read rules of the revised collection', () => {
  let t: TestApp;
  let reader: string;
  let wide: string;
  const ids: Record<string, string> = {};

  const ok = async (method: string, url: string, body?: unknown, token = t.adminToken): Promise<Row> => {
    const response = await t.request(method, url, { token, body });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(method === 'DELETE' ? 204 : 200);
    return response.body === '' ? {} : dataOf<Row>(response);
  };
  const list = async (url: string, token = reader): Promise<Row[]> => (await ok('GET', url, undefined, token)) as unknown as Row[];
  const hasNoHiddenValue = (text: string) => {
    for (const value of HIDDEN_VALUES) expect(text).not.toContain(value);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const field = (name: string, type: string) => ({ field: name, type, schema: {} });
    const intKey = { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } };
    await ok('POST', '/collections', {
      collection: 'rf_open',
      schema: {},
      fields: [intKey, field('title', 'string'), field('secret', 'string')],
    });
    await ok('POST', '/collections', { collection: 'rf_closed', schema: {}, fields: [intKey, field('title', 'string')] });
    await ok('POST', '/collections', {
      collection: 'rf_rows',
      schema: {},
      fields: [
        { field: 'id', type: 'uuid', schema: { is_primary_key: true }, meta: { special: ['uuid'] } },
        field('title', 'string'),
        field('team', 'string'),
      ],
    });
    const trail = [
      { collection: 'service_revisions', action: 'read', fields: ['*'] },
      { collection: 'service_activity', action: 'read', fields: ['*'] },
    ];
    reader = (
      await t.userWith({
        permissions: [
          ...trail,
          { collection: 'rf_open', action: 'read', fields: ['id', 'title'] },
          { collection: 'rf_rows', action: 'read', fields: ['*'], permissions: { team: { _eq: 'red' } } },
        ],
      })
    ).token;
    wide = (
      await t.userWith({
        permissions: [
          ...trail,
          { collection: 'rf_open', action: 'read', fields: ['*'] },
          { collection: 'rf_closed', action: 'read', fields: ['*'] },
          { collection: 'rf_rows', action: 'read', fields: ['*'] },
        ],
      })
    ).token;

    ids.open = String((await ok('POST', '/items/rf_open', { title: 'open-title', secret: OPEN_SECRET })).id);
    await ok('PATCH', `/items/rf_open/${ids.open}`, { secret: `${OPEN_SECRET}-2`, title: 'open-title-2' });
    ids.closed = String((await ok('POST', '/items/rf_closed', { title: CLOSED_TITLE })).id);
    ids.red = String((await ok('POST', '/items/rf_rows', { title: 'red-title', team: 'red' })).id);
    ids.blue = String((await ok('POST', '/items/rf_rows', { title: BLUE_TITLE, team: 'blue' })).id);
    ids.gone = String((await ok('POST', '/items/rf_rows', { title: GONE_TITLE, team: 'red' })).id);
    await ok('DELETE', `/items/rf_rows/${ids.gone}`);
  });
  afterAll(async () => {
    await t.close();
  });

  const revisionId = async (collection: string, item: string): Promise<number> => {
    const rows = await list(`/revisions?filter[collection][_eq]=${collection}&filter[item][_eq]=${item}&fields=id`, t.adminToken);
    expect(rows.length).toBeGreaterThan(0);
    return rows[0]!.id as number;
  };

  it('(e) an administrator still sees every revision with every field', async () => {
    const rows = await list('/revisions?limit=-1&fields=collection,item,data,delta', t.adminToken);
    const of = (c: string, item: string) => rows.filter((r) => r.collection === c && r.item === item);
    expect(of('rf_open', ids.open!)).toHaveLength(2);
    expect(of('rf_closed', ids.closed!)).toHaveLength(1);
    expect(of('rf_rows', ids.blue!)).toHaveLength(1);
    expect(of('rf_rows', ids.gone!)).toHaveLength(1);
    expect((of('rf_open', ids.open!)[0]!.data as Row).secret).toBe(OPEN_SECRET);
    expect(JSON.stringify(rows)).toContain(CLOSED_TITLE);
  });

  it('(a) no revision of a collection the reader may not read: list, filter, by id, counts, aggregate, export', async () => {
    const rows = await list('/revisions?limit=-1&fields=id,collection,item,data,delta');
    const collections = new Set(rows.map((r) => r.collection));
    expect(collections.has('rf_closed')).toBe(false);
    expect(collections.has('rf_open')).toBe(true);
    hasNoHiddenValue(JSON.stringify(rows));

    const filtered = await t.request('GET', '/revisions?filter[collection][_eq]=rf_closed&meta=*', { token: reader });
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json()).toMatchObject({ data: [], meta: { filter_count: 0, total_count: rows.length } });

    const closedRevision = await revisionId('rf_closed', ids.closed!);
    expectError(await t.request('GET', `/revisions/${closedRevision}`, { token: reader }), 403, 'FORBIDDEN');
    const missing = await t.request('GET', '/revisions/987654321', { token: reader });
    expect(missing.statusCode).toBe(403);
    expect((await t.request('GET', `/revisions/${closedRevision}`, { token: wide })).statusCode).toBe(200);

    const grouped = await list('/revisions?aggregate[count]=*&groupBy[]=collection');
    expect(grouped.map((g) => g.collection)).not.toContain('rf_closed');
    const counted = await list('/revisions?aggregate[count]=*');
    expect(Number((counted[0]!.count as unknown) ?? 0)).toBe(rows.length);

    const csv = await t.request('GET', '/revisions?export=csv&limit=-1', { token: reader });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain('rf_closed');
    hasNoHiddenValue(csv.body);
  });

  it('(a) none through the activity log or GraphQL either', async () => {
    const activity = await list('/activity?limit=-1&fields=id,collection,revisions.*');
    const nested = activity.flatMap((a) => (a.revisions as Row[] | null) ?? []);
    expect(nested.some((r) => r.collection === 'rf_open')).toBe(true);
    expect(nested.some((r) => r.collection === 'rf_closed')).toBe(false);
    hasNoHiddenValue(JSON.stringify(activity));
    const keys = await list('/activity?limit=-1&fields=collection,item,revisions');
    const closedActivity = keys.filter((a) => a.collection === 'rf_closed');
    expect(closedActivity.length).toBeGreaterThan(0);
    for (const a of closedActivity) expect(a.revisions).toEqual([]);

    const gql = await t.request('POST', '/graphql/system', {
      token: reader,
      body: {
        query:
          '{ revisions(limit: -1) { collection item data delta } revisions_aggregated(groupBy: ["collection"]) { group count { id } } }',
      },
    });
    expect(gql.statusCode, gql.body).toBe(200);
    const data = (gql.json() as { data: { revisions: Row[]; revisions_aggregated: { group: Row }[] } }).data;
    expect(data.revisions.length).toBe((await list('/revisions?limit=-1&fields=id')).length);
    expect(data.revisions.some((r) => r.collection === 'rf_closed')).toBe(false);
    expect(data.revisions_aggregated.map((g) => g.group.collection)).not.toContain('rf_closed');
    hasNoHiddenValue(gql.body);
  });

  it('(b) data and delta keep only the fields the reader may read on the revised collection', async () => {
    const rows = await list(`/revisions?filter[collection][_eq]=rf_open&sort=id&fields=data,delta,alias_data&alias[alias_data]=data`);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(Object.keys(row.data as Row).sort()).toEqual(['id', 'title']);
      expect(Object.keys(row.alias_data as Row).sort()).toEqual(['id', 'title']);
      for (const key of Object.keys(row.delta as Row)) expect(['id', 'title']).toContain(key);
    }
    expect(rows[1]!.delta).toEqual({ title: 'open-title-2' });
    const one = await ok('GET', `/revisions/${await revisionId('rf_open', ids.open!)}?fields=data`, undefined, reader);
    expect(Object.keys(one.data as Row).sort()).toEqual(['id', 'title']);
    const nested = await list(`/activity?filter[collection][_eq]=rf_open&fields=revisions.data,revisions.parent.data`);
    hasNoHiddenValue(JSON.stringify(nested));
    // A reader whose rule grants every field sees them all.
    const full = await list(`/revisions?filter[collection][_eq]=rf_open&sort=id&fields=data`, wide);
    expect((full[0]!.data as Row).secret).toBe(OPEN_SECRET);
  });

  it('(c) a row-filtered rule: only revisions of items that exist and match it (uuid keys)', async () => {
    const rows = await list('/revisions?filter[collection][_eq]=rf_rows&limit=-1&fields=item,data&meta=filter_count');
    expect(rows.map((r) => r.item)).toEqual([ids.red]);
    hasNoHiddenValue(JSON.stringify(rows));
    expectError(await t.request('GET', `/revisions/${await revisionId('rf_rows', ids.blue!)}`, { token: reader }), 403, 'FORBIDDEN');
    expectError(await t.request('GET', `/revisions/${await revisionId('rf_rows', ids.gone!)}`, { token: reader }), 403, 'FORBIDDEN');
    // After the item leaves the rule's rows, its revisions leave with it.
    await ok('PATCH', `/items/rf_rows/${ids.red}`, { team: 'green' });
    expect(await list(`/revisions?filter[collection][_eq]=rf_rows&filter[item][_eq]=${ids.red}`)).toEqual([]);
    await ok('PATCH', `/items/rf_rows/${ids.red}`, { team: 'red' });
    expect((await list(`/revisions?filter[collection][_eq]=rf_rows&filter[item][_eq]=${ids.red}&fields=id`)).length).toBe(3);
    // The wide reader (no row filter) sees all of them, the deleted item's too.
    const all = await list('/revisions?filter[collection][_eq]=rf_rows&limit=-1&fields=item', wide);
    expect(new Set(all.map((r) => r.item))).toEqual(new Set([ids.red, ids.blue, ids.gone]));
  });

  it('(d) filters, sorts and search on data or delta are no oracle for a stripped value', async () => {
    for (const url of [
      `/revisions?filter[data][_contains]=${OPEN_SECRET}`,
      `/revisions?filter[delta][_icontains]=secret`,
      `/revisions?filter[data][_starts_with]=%7B`,
      `/revisions?filter[data][_eq]=x`,
      `/revisions?filter[data][secret][_eq]=${OPEN_SECRET}`,
      '/revisions?sort=data',
      '/revisions?sort=-delta',
      '/revisions?aggregate[max]=data',
      '/revisions?aggregate[countDistinct]=delta',
      '/revisions?groupBy[]=data',
      `/activity?filter[revisions][data][_contains]=${OPEN_SECRET}`,
      // The scope's key into the revised collection is the rules' own, never a query's.
      `/revisions?filter[item:rf_rows][title][_eq]=${BLUE_TITLE}`,
    ]) {
      const response = await t.request('GET', url, { token: reader });
      expect([400, 403], `${url}: ${response.body}`).toContain(response.statusCode);
      expectNoLeak(response);
    }
    for (const term of [OPEN_SECRET, 'secret', BLUE_TITLE, CLOSED_TITLE]) {
      expect(await list(`/revisions?search=${term}`)).toEqual([]);
    }
    const gql = await t.request('POST', '/graphql/system', {
      token: reader,
      body: { query: `{ revisions(filter: { data: { _contains: "${OPEN_SECRET}" } }) { id } }` },
    });
    expect(gql.body).not.toContain('"revisions":[{');
    // Presence stays usable.
    expect((await list('/revisions?filter[data][_nnull]=true&fields=id')).length).toBeGreaterThan(0);
  });

  it('read plans and kept results keep readers apart (two readers alternating)', async () => {
    const url = '/revisions?limit=-1&fields=collection,data&sort=id&meta=total_count';
    for (let round = 0; round < 2; round++) {
      const narrow = await t.request('GET', url, { token: reader });
      const broad = await t.request('GET', url, { token: wide });
      expect(narrow.statusCode).toBe(200);
      expect(broad.statusCode).toBe(200);
      hasNoHiddenValue(narrow.body);
      expect(broad.body).toContain(CLOSED_TITLE);
      expect(broad.body).toContain(OPEN_SECRET);
      const n = narrow.json() as { data: Row[]; meta: { total_count: number } };
      const b = broad.json() as { data: Row[]; meta: { total_count: number } };
      expect(n.meta.total_count).toBe(n.data.length);
      expect(b.meta.total_count).toBe(b.data.length);
      expect(n.data.length).toBeLessThan(b.data.length);
    }
  });
});
