import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { expectError } from '../setup/expect-error.js';

/**
 * An export (`?export=`) is a streamed file, but a query the engines refuse must still be answered with its error
 * and the envelope, before any of the file is sent: not a 200 whose stream is cut off (which a client sees as a
 * network error, and a script may take as an empty, successful export).
 */
describe('exports of refused queries', () => {
  let t: TestApp;
  let reader: string;

  beforeAll(async () => {
    t = await createTestApp();
    const pk = { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } };
    const created = await t.request('POST', '/collections', {
      token: t.adminToken,
      body: {
        collection: 'ex_notes',
        schema: {},
        fields: [pk, { field: 'title', type: 'string', schema: {} }, { field: 'hidden', type: 'string', schema: {} }],
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const rows = await t.request('POST', '/items/ex_notes', {
      token: t.adminToken,
      body: [
        { title: 'a', hidden: 'h1' },
        { title: 'b', hidden: 'h2' },
      ],
    });
    expect(rows.statusCode, rows.body).toBe(200);
    reader = (await t.userWith({ permissions: [{ collection: 'ex_notes', action: 'read', permissions: {}, fields: ['id', 'title'] }] }))
      .token;
  });
  afterAll(async () => {
    await t?.close();
  });

  for (const format of ['csv', 'json', 'xml', 'yaml']) {
    it(`${format}: a filter on an unreadable field is a 403 with the envelope, and an unknown field a 4xx`, async () => {
      expectError(await t.request('GET', `/items/ex_notes?export=${format}&filter[hidden][_eq]=h1`, { token: reader }), 403, 'FORBIDDEN');
      // Even when no row is asked for: the query is checked as any read's is.
      expectError(await t.request('GET', `/items/ex_notes?export=${format}&limit=0&sort=hidden`, { token: reader }), 403, 'FORBIDDEN');
      const unknown = await t.request('GET', `/items/ex_notes?export=${format}&sort=nope`, { token: reader });
      expect(unknown.statusCode).toBeGreaterThanOrEqual(400);
      expect(unknown.statusCode).toBeLessThan(500);
      expect((unknown.json() as { errors: unknown[] }).errors.length).toBe(1);
    });
  }

  it('an export the reader may read is still the whole file', async () => {
    const response = await t.request('GET', '/items/ex_notes?export=csv&fields=id,title&sort=id', { token: reader });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.body.split('\n')).toEqual(['"id","title"', '1,"a"', '2,"b"']);
  });
});
