import { createDirectus, rest, staticToken, utilsExport, utilsImport } from '@directus/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { multipart } from '../setup/multipart.js';

type SdkError = { errors: { message: string; extensions: { code: string } }[] };
type Product = { id: number; name: string; price: number | null; active: boolean | null; tags: unknown; secret: string | null };

async function errorOf(work: Promise<unknown>): Promise<SdkError['errors'][number]> {
  try {
    await work;
  } catch (error) {
    return (error as SdkError).errors[0]!;
  }
  throw new Error('expected the SDK call to fail');
}

/**
 * `utilsImport` and `utilsExport` of the official @directus/sdk, plus what the two must refuse: a record the caller
 * may not create, malformed files (naming the row), an oversized upload, and hidden fields in an export.
 */
describe('@directus/sdk import and export', () => {
  let t: TestApp;
  let url = '';
  // A user who may create and read products without `secret`, and create and read files.
  let clerk = { token: '', userId: '' };
  // A user who may read products but create only those named "ok-…".
  let limited = { token: '', userId: '' };

  beforeAll(async () => {
    t = await createTestApp({ FILES_MAX_UPLOAD_SIZE: '20kb' });
    const created = await t.request('POST', '/collections', {
      token: t.adminToken,
      body: {
        collection: 'products',
        fields: [
          { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
          { field: 'name', type: 'string', schema: { is_nullable: false } },
          { field: 'price', type: 'integer' },
          { field: 'active', type: 'boolean' },
          { field: 'tags', type: 'json' },
          { field: 'secret', type: 'string' },
        ],
      },
    });
    expect(created.statusCode).toBe(200);
    clerk = await t.userWith({
      permissions: [
        { collection: 'products', action: 'create', fields: ['*'] },
        { collection: 'products', action: 'update', fields: ['*'] },
        { collection: 'products', action: 'read', fields: ['id', 'name', 'price', 'active', 'tags'] },
        { collection: 'service_files', action: 'create', fields: ['*'] },
        { collection: 'service_files', action: 'read', fields: ['*'] },
      ],
    });
    limited = await t.userWith({
      permissions: [
        { collection: 'products', action: 'create', fields: ['*'], validation: { name: { _starts_with: 'ok-' } } },
        { collection: 'products', action: 'read', fields: ['*'] },
      ],
    });
    url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.app.knex('products').delete();
  });

  const sdk = (token: string) => createDirectus(url).with(staticToken(token)).with(rest());
  const form = (content: string, type: string, filename: string) => {
    const data = new FormData();
    data.append('file', new Blob([content], { type }), filename);
    return data;
  };
  const products = async () =>
    (await t.app.knex('products').orderBy('id').select('name', 'price', 'active', 'secret')) as Pick<
      Product,
      'name' | 'price' | 'secret'
    >[];

  describe('import', () => {
    it('imports CSV with quotes, commas, line breaks and typed values through utilsImport', async () => {
      const csv = 'name,price,active,tags\r\n"Lamp, brass",12,true,"[""a"",""b""]"\r\n"Two\nlines",,false,\r\nPlain,7,,\r\n';
      await sdk(clerk.token).request(utilsImport('products', form(csv, 'text/csv', 'products.csv')));
      const rows = dataOf<Product[]>(
        await t.request('GET', '/items/products?sort=id&fields=name,price,active,tags', { token: t.adminToken }),
      );
      expect(rows).toEqual([
        { name: 'Lamp, brass', price: 12, active: true, tags: ['a', 'b'] },
        { name: 'Two\nlines', price: null, active: false, tags: null },
        { name: 'Plain', price: 7, active: null, tags: null },
      ]);
      // Each record went through the write path: one create activity per item, by the caller.
      const activity = dataOf<unknown[]>(
        await t.request('GET', `/activity?filter[collection][_eq]=products&filter[action][_eq]=create&filter[user][_eq]=${clerk.userId}`, {
          token: t.adminToken,
        }),
      );
      expect(activity).toHaveLength(3);
    });

    it('imports a JSON array, updating the items whose key exists and creating the others', async () => {
      const first = await t.request('POST', '/items/products', { token: t.adminToken, body: { name: 'Old', price: 1 } });
      const id = Number(dataOf<Product>(first).id);
      const json = JSON.stringify([
        { id, name: 'Renamed', price: 2 },
        { name: 'New', price: 3, tags: { k: 'v' } },
      ]);
      await sdk(clerk.token).request(utilsImport('products', form(json, 'application/json', 'products.json')));
      expect(await products()).toMatchObject([
        { name: 'Renamed', price: 2 },
        { name: 'New', price: 3 },
      ]);
    });

    it('refuses a record the caller may not create, naming its row, and writes nothing', async () => {
      const csv = 'name\nok-one\nnot-ok\nok-three\n';
      const error = await errorOf(sdk(limited.token).request(utilsImport('products', form(csv, 'text/csv', 'p.csv'))));
      expect(error.extensions.code).toBe('FAILED_VALIDATION');
      expect(error.message).toMatch(/^Row 2:/);
      expect(await products()).toEqual([]);
    });

    it('refuses a caller without create or update on the collection, and a system collection to a non-administrator (403)', async () => {
      const reader = await t.userWith({ permissions: [{ collection: 'products', action: 'read', fields: ['*'] }] });
      expect(
        (await errorOf(sdk(reader.token).request(utilsImport('products', form('name\nx\n', 'text/csv', 'p.csv'))))).extensions.code,
      ).toBe('FORBIDDEN');
      expect(
        (await errorOf(sdk(clerk.token).request(utilsImport('service_files', form('title\nx\n', 'text/csv', 'p.csv'))))).extensions.code,
      ).toBe('FORBIDDEN');
      expect(
        (await errorOf(sdk(clerk.token).request(utilsImport('missing_collection', form('a\n1\n', 'text/csv', 'p.csv'))))).extensions.code,
      ).toBe('FORBIDDEN');
      expect(await products()).toEqual([]);
    });

    it('answers 400 naming the row for malformed CSV and JSON, with nothing written', async () => {
      const cases: [string, string, RegExp][] = [
        ['name,price\nfine,1\nbad"quote,2\n', 'text/csv', /^Row 2: Invalid payload\. A quote inside an unquoted field/],
        ['name,price\nfine,1\nfine,2\n"open,3\n', 'text/csv', /^Row 3: Invalid payload\. A quoted field is never closed/],
        ['name,price\nfine,1\nshort\n', 'text/csv', /^Row 2: Invalid payload\. Expected 2 fields/],
        ['name,price\n"x"y,1\n', 'text/csv', /^Row 1: Invalid payload\. Text after the closing quote/],
        ['[{"name":"a"},{"name":}]', 'application/json', /^Row 2: Invalid payload\. Not valid JSON/],
        ['[{"name":"a"},[1]]', 'application/json', /^Row 2: Invalid payload\. Each element of the array must be an object/],
        ['{"name":"a"}', 'application/json', /must be an array of objects/],
        ['[{"name":"a"}', 'application/json', /^Row 1: Invalid payload\. The array is never closed/],
        ['name,nope\nx,1\n', 'text/csv', /^Row 1:/],
      ];
      for (const [content, type, message] of cases) {
        const body = await multipart([{ name: 'file', filename: type === 'text/csv' ? 'p.csv' : 'p.json', type, content }]);
        const response = await t.app.server.inject({
          method: 'POST',
          url: '/utils/import/products',
          headers: { ...body.headers, authorization: `Bearer ${clerk.token}` },
          payload: body.payload,
        });
        expect(response.statusCode, content).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, content).toBeLessThan(500);
        expect(expectError(response, response.statusCode, response.json().errors[0].extensions.code).message, content).toMatch(message);
      }
      expect(await products()).toEqual([]);
    });

    it('refuses an upload over FILES_MAX_UPLOAD_SIZE (413) with nothing written, a non-multipart body (415) and other types (415)', async () => {
      const big = `name\n${Array.from({ length: 4000 }, (_, i) => `row-${i}`).join('\n')}\n`;
      const body = await multipart([{ name: 'file', filename: 'big.csv', type: 'text/csv', content: big }]);
      const response = await t.app.server.inject({
        method: 'POST',
        url: '/utils/import/products',
        headers: { ...body.headers, authorization: `Bearer ${clerk.token}` },
        payload: body.payload,
      });
      expectError(response, 413, 'CONTENT_TOO_LARGE');
      expect(await products()).toEqual([]);
      expectError(
        await t.request('POST', '/utils/import/products', { token: clerk.token, body: [{ name: 'x' }] }),
        415,
        'UNSUPPORTED_MEDIA_TYPE',
      );
      const xml = await multipart([{ name: 'file', filename: 'p.xml', type: 'text/xml', content: '<a/>' }]);
      const refused = await t.app.server.inject({
        method: 'POST',
        url: '/utils/import/products',
        headers: { ...xml.headers, authorization: `Bearer ${clerk.token}` },
        payload: xml.payload,
      });
      expectError(refused, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });
  });

  describe('export', () => {
    beforeEach(async () => {
      for (const [i, name] of ['Alpha', 'Beta', 'Gamma'].entries()) {
        await t.request('POST', '/items/products', { token: t.adminToken, body: { name, price: i + 1, secret: `s3cret-${i}` } });
      }
    });

    const fileText = async (id: string) => {
      const response = await t.request('GET', `/assets/${id}`, { token: t.adminToken });
      expect(response.statusCode).toBe(200);
      return response.body;
    };

    it('writes a CSV export into the file library through utilsExport, with the rows the query selects', async () => {
      const file = (await sdk(clerk.token).request(
        utilsExport('products', 'csv', { filter: { price: { _gte: 2 } }, sort: ['name'] }, { title: 'Price list' }),
      )) as unknown as Record<string, unknown>;
      expect(file).toMatchObject({ title: 'Price list', uploaded_by: clerk.userId });
      expect(String(file.filename_download)).toMatch(/^export-products .+\.csv$/);
      const text = await fileText(String(file.id));
      expect(text.split('\n')[0]).toBe('"id","name","price","active","tags"');
      expect(text).toContain('"Beta"');
      expect(text).toContain('"Gamma"');
      expect(text).not.toContain('"Alpha"');
    });

    it('notifies the caller that the export is ready, about the new file; a refused export notifies no one', async () => {
      const notes = async () =>
        dataOf<Record<string, unknown>[]>(
          await t.request(
            'GET',
            `/notifications?filter[recipient][_eq]=${clerk.userId}&fields=subject,collection,item,sender,status,message`,
            {
              token: t.adminToken,
            },
          ),
        );
      const before = (await notes()).length;
      const file = (await sdk(clerk.token).request(utilsExport('products', 'json', {}, {}))) as unknown as Record<string, unknown>;
      const after = await notes();
      expect(after).toHaveLength(before + 1);
      expect(after.at(-1)).toMatchObject({
        subject: 'Your export of products is ready',
        collection: 'service_files',
        item: String(file.id),
        sender: clerk.userId,
        status: 'inbox',
        message: expect.stringContaining(String(file.filename_download)),
      });
      await errorOf(sdk(clerk.token).request(utilsExport('products', 'csv', { fields: ['secret'] }, {})));
      expect(await notes()).toHaveLength(before + 1);
    });

    it('exports every row without a limit, past one page (1,000 rows), and only `limit` rows with one', async () => {
      const more = Array.from({ length: 1202 }, (_, i) => ({ name: `Bulk ${i}`, price: i }));
      for (let i = 0; i < more.length; i += 200) await t.app.knex('products').insert(more.slice(i, i + 200));
      const all = (await sdk(clerk.token).request(utilsExport('products', 'csv', {}, {}))) as unknown as Record<string, unknown>;
      expect((await fileText(String(all.id))).trim().split('\n')).toHaveLength(1 + 1205);
      const some = (await sdk(clerk.token).request(utilsExport('products', 'json', { limit: 5 }, {}))) as unknown as Record<
        string,
        unknown
      >;
      expect(JSON.parse(await fileText(String(some.id)))).toHaveLength(5);
    });

    it('never exports a field the caller may not read, whatever the query asks (json, xml, yaml)', async () => {
      for (const format of ['json', 'xml', 'yaml'] as const) {
        const file = (await sdk(clerk.token).request(utilsExport('products', format, {}, {}))) as unknown as Record<string, unknown>;
        const text = await fileText(String(file.id));
        expect(text).toContain('Alpha');
        expect(text).not.toContain('s3cret');
        expect(text).not.toContain('secret');
      }
      const asked = await errorOf(sdk(clerk.token).request(utilsExport('products', 'csv', { fields: ['name', 'secret'] }, {})));
      expect(asked.extensions.code).toBe('FORBIDDEN');
    });

    it('refuses a caller who may not create files (403) and bad input (400), storing nothing', async () => {
      const before = Number((await t.app.knex('service_files').count({ n: '*' }))[0]!.n);
      expect((await errorOf(sdk(limited.token).request(utilsExport('products', 'csv', {}, {})))).extensions.code).toBe('FORBIDDEN');
      expect((await errorOf(sdk(clerk.token).request(utilsExport('products', 'pdf' as 'csv', {}, {})))).extensions.code).toBe(
        'INVALID_PAYLOAD',
      );
      expectError(
        await t.request('POST', '/utils/export/products', { token: clerk.token, body: { format: 'csv', query: 'x' } }),
        400,
        'INVALID_PAYLOAD',
      );
      expectError(
        await t.request('POST', '/utils/export/products', {
          token: clerk.token,
          body: { format: 'csv', query: { filter: { nope: { _eq: 1 } } } },
        }),
        403,
        'FORBIDDEN',
      );
      expect((await errorOf(sdk(clerk.token).request(utilsExport('missing_collection', 'csv', {}, {})))).extensions.code).toBe('FORBIDDEN');
      expect(Number((await t.app.knex('service_files').count({ n: '*' }))[0]!.n)).toBe(before);
    });
  });
});
