import type { FastifyInstance } from 'fastify';
import { parse as parseYaml } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestServer } from '../../tests/support/build-test-server.js';

let server: FastifyInstance;
beforeEach(() => {
  server = buildTestServer().server;
});
afterEach(async () => {
  await server.close();
});

const FILENAME = /^attachment; filename="articles \d{8}-\d{1,6}\.(json|csv|xml|yaml)"$/;

describe('sendResult', () => {
  it('answers 204 with no body when the result is null', async () => {
    const res = await server.inject('/test/nothing');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('omits meta when there is none', async () => {
    expect((await server.inject('/test/one')).json()).toEqual({ data: { id: 1, name: 'A & B' } });
  });

  it('sends a frozen (kept) result as JSON each time, and exports it like any other', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await server.inject('/test/kept');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe('{"data":[{"id":1,"title":"Kept"}],"meta":{"total_count":1}}');
    }
    expect((await server.inject('/test/kept?export=csv')).body).toContain('Kept');
  });

  it('sends data alone with { bare: true }', async () => {
    expect((await server.inject('/test/bare')).json()).toEqual({ version: 1 });
  });

  it('exports JSON as a tab-indented download and drops meta', async () => {
    const res = await server.inject('/test/data?export=json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(FILENAME);
    expect(res.headers['content-disposition']).toMatch(/\.json"$/);
    expect(res.body).toBe(
      JSON.stringify(
        [
          { id: 1, title: 'Hello "world"' },
          { id: 2, title: 'x', tags: ['a'] },
        ],
        null,
        '\t',
      ),
    );
  });

  it('exports CSV with a quoted header of every key and JSON-encoded nested values', async () => {
    const res = await server.inject('/test/data?export=csv');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/\.csv"$/);
    expect(res.body).toBe('"id","title","tags"\n1,"Hello ""world""",\n2,"x","[""a""]"');
  });

  it('exports csv_utf8 with a byte-order mark', async () => {
    const res = await server.inject('/test/data?export=csv_utf8');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.slice(1).startsWith('"id","title","tags"')).toBe(true);
  });

  it('exports XML with one <data> per row', async () => {
    const res = await server.inject('/test/data?export=xml');
    expect(res.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(res.body).toBe(
      [
        "<?xml version='1.0'?>",
        '<data>',
        '    <data>',
        '        <id>1</id>',
        '        <title>Hello &quot;world&quot;</title>',
        '    </data>',
        '    <data>',
        '        <id>2</id>',
        '        <title>x</title>',
        '        <tags>a</tags>',
        '    </data>',
        '</data>',
      ].join('\n'),
    );
  });

  it('exports YAML', async () => {
    const res = await server.inject('/test/data?export=yaml');
    expect(res.headers['content-type']).toBe('text/yaml; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/\.yaml"$/);
    expect(parseYaml(res.body)).toEqual([
      { id: 1, title: 'Hello "world"' },
      { id: 2, title: 'x', tags: ['a'] },
    ]);
  });

  it('names the file Export when no collection is given', async () => {
    const res = await server.inject('/test/one?export=xml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="Export \d{8}-\d{1,6}\.xml"$/);
    expect(res.body).toBe("<?xml version='1.0'?>\n<data>\n    <id>1</id>\n    <name>A &amp; B</name>\n</data>");
  });

  it('answers 400 INVALID_QUERY for an unknown export format, before the handler runs', async () => {
    for (const url of ['/test/data?export=pdf', '/test/data?export[]=csv', '/test/echo?export=nope']) {
      const res = await server.inject({ method: url.startsWith('/test/echo') ? 'POST' : 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0].extensions.code).toBe('INVALID_QUERY');
      expect(res.headers['content-disposition']).toBeUndefined();
    }
  });
});
