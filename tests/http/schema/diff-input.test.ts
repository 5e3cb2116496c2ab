import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { MAX_UPLOAD_BYTES } from '../../../src/modules/schema/index.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { call, seedSchema, snapshotOf, upload, type Json } from './schema-test-helpers.js';

describe('POST /schema/diff input and GET /schema/snapshot exports', () => {
  let t: TestApp;
  let snapshot: { text: string; json: Json };

  beforeAll(async () => {
    t = await createTestApp();
    await seedSchema(t);
    snapshot = await snapshotOf(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('follows Directus key order: entries in the listed order, meta sorted alphabetically, no ids', () => {
    const field = snapshot.json.fields.find((f: Json) => f.collection === 'authors' && f.field === 'settings');
    expect(Object.keys(field)).toEqual(['collection', 'field', 'type', 'meta', 'schema']);
    expect(Object.keys(field.meta)).toEqual([...Object.keys(field.meta)].sort());
    expect(field.meta.id).toBeUndefined();
    expect(Object.keys(field.meta.options)).toEqual(['a', 'language', 'z']);
    expect(Object.keys(field.schema)).toEqual([
      'name',
      'table',
      'data_type',
      'default_value',
      'max_length',
      'numeric_precision',
      'numeric_scale',
      'is_nullable',
      'is_unique',
      'is_indexed',
      'is_primary_key',
      'is_generated',
      'generation_expression',
      'has_auto_increment',
      'foreign_key_table',
      'foreign_key_column',
    ]);
    const relation = snapshot.json.relations.find((r: Json) => r.field === 'author');
    expect(Object.keys(relation)).toEqual(['collection', 'field', 'related_collection', 'meta', 'schema']);
    expect(Object.keys(relation.schema)).toEqual([
      'table',
      'column',
      'foreign_key_table',
      'foreign_key_column',
      'constraint_name',
      'on_update',
      'on_delete',
    ]);
    expect(snapshot.json.collections.find((c: Json) => c.collection === 'library').schema).toBeUndefined();
    expect(snapshot.json.fields.find((f: Json) => f.field === 'articles').schema).toBeUndefined();
    expect(snapshot.json.collections.some((c: Json) => c.collection.startsWith('service_'))).toBe(false);
  });

  it('downloads the snapshot with ?export=', async () => {
    for (const format of ['json', 'yaml', 'csv', 'xml']) {
      const response = await t.request('GET', `/schema/snapshot?export=${format}`, { token: t.adminToken });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['content-disposition'])).toMatch(new RegExp(`^attachment; filename=".*\\.${format}"$`));
      if (format === 'yaml') expect(parse(response.body)).toEqual(snapshot.json);
      if (format === 'json') expect(JSON.parse(response.body)).toEqual(snapshot.json);
    }
  });

  it('answers wrapped in data as Directus does, and takes snapshots and diffs back bare or wrapped', async () => {
    const answer = await call(t, 'GET', '/schema/snapshot');
    expect(Object.keys(answer.body)).toEqual(['data']);
    expect(answer.body.data.version).toBe(1);
    // The answer as it came (a saved `curl` output) and the snapshot inside it diff alike; so does an uploaded file.
    expect((await call(t, 'POST', '/schema/diff', answer.body)).status).toBe(204);
    expect((await call(t, 'POST', '/schema/diff', answer.body.data)).status).toBe(204);
    expect((await upload(t, '/schema/diff', [{ name: 'saved.json', content: answer.text, type: 'application/json' }])).status).toBe(204);

    const edited = structuredClone(answer.body.data);
    edited.collections.find((c: Json) => c.collection === 'authors').meta.note = 'Wrapped';
    const wrapped = await call(t, 'POST', '/schema/diff', { data: edited });
    expect(wrapped.status).toBe(200);
    expect(Object.keys(wrapped.body)).toEqual(['data']);
    expect(Object.keys(wrapped.body.data)).toEqual(['hash', 'diff']);
    expect((await call(t, 'POST', '/schema/diff', edited)).body).toEqual(wrapped.body);
    for (const body of [wrapped.body, wrapped.body.data]) {
      const dry = await call(t, 'POST', '/schema/apply?dry_run=true', body);
      expect(dry.status).toBe(200);
      expect(dry.body.data.steps).toHaveLength(1);
    }
    // Anything else beside `data` is not a wrapped document.
    const extra = await call(t, 'POST', '/schema/apply', { data: wrapped.body.data, meta: {} });
    expect(extra.status).toBe(400);
    expect(extra.message).toContain('"hash" is required');
  });

  it('accepts Directus\'s "directus" key in place of "service"', async () => {
    const { service, ...rest } = snapshot.json;
    expect((await call(t, 'POST', '/schema/diff', { ...rest, directus: service })).status).toBe(204);
    const other = await call(t, 'POST', '/schema/diff', { ...rest, directus: '11.0.0' });
    expect(other.message).toContain(`Provided snapshot's directus version 11.0.0 does not match the current instance's version ${service}`);
    expect((await call(t, 'POST', '/schema/diff?force', { ...rest, directus: '11.0.0' })).status).toBe(204);
    expect((await call(t, 'POST', '/schema/diff', { ...snapshot.json, vendor: undefined })).message).toContain(
      'does not contain the "vendor" property',
    );
  });

  it('refuses malformed snapshots with a 400 naming the problem', async () => {
    const withField = (change: (f: Json) => void) => {
      const copy = structuredClone(snapshot.json);
      change(copy.fields.find((f: Json) => f.collection === 'authors' && f.field === 'name'));
      return copy;
    };
    const cases: [string, unknown, string][] = [
      ['empty', {}, 'No data was included in the body'],
      ['version', { ...snapshot.json, version: 2 }, '"version" must be one of [1]'],
      ['no version key', { ...snapshot.json, service: undefined }, '"service" is required'],
      ['collections not an array', { ...snapshot.json, collections: {} }, '"collections" must be an array'],
      ['unknown key', { ...snapshot.json, extra: 1 }, '"extra" is not allowed'],
      ['unknown field type', withField((f) => (f.type = 'geometry')), 'Field "authors.name": "type" must be one of'],
      ['bad schema flag', withField((f) => (f.schema.is_nullable = 'no')), 'Field "authors.name": "schema.is_nullable" must be a boolean'],
      ['meta not an object', withField((f) => (f.meta = 'x')), 'Field "authors.name": "meta" must be an object'],
      [
        'field of a missing collection',
        withField((f) => (f.collection = 'ghosts')),
        'Field "ghosts.name" belongs to collection "ghosts", which does not exist',
      ],
      [
        'duplicate',
        { ...snapshot.json, collections: [...snapshot.json.collections, snapshot.json.collections[0]] },
        'Collection "articles" is given more than once',
      ],
      [
        'relation to a missing collection',
        {
          ...snapshot.json,
          relations: snapshot.json.relations.map((r: Json) => (r.field === 'author' ? { ...r, related_collection: 'ghosts' } : r)),
        },
        'Relation "articles.author" points at collection "ghosts", which does not exist',
      ],
      [
        'bad name',
        { ...snapshot.json, collections: [...snapshot.json.collections, { collection: 'bad name', meta: {}, schema: null }] },
        'Collection name "bad name" is invalid',
      ],
    ];
    for (const [name, body, message] of cases) {
      const answer = await call(t, 'POST', '/schema/diff', body);
      expect(answer.status, name).toBe(400);
      expect(answer.code, name).toBe('INVALID_PAYLOAD');
      expect(answer.message, name).toContain(message);
    }
  });

  it('refuses bad uploads: no file, two files, unparsable files, YAML bombs, oversized files, other media types', async () => {
    const json = { name: 's.json', content: snapshot.text, type: 'application/json' };
    expect((await upload(t, '/schema/diff', [])).message).toContain('No file was included in the body');
    expect((await upload(t, '/schema/diff', [json, json])).message).toContain('More than one file was included in the body');
    expect((await upload(t, '/schema/diff', [{ ...json, content: '{"version":' }])).message).toContain(
      'The provided JSON is invalid (file "s.json")',
    );
    expect((await upload(t, '/schema/diff', [{ name: 's.yaml', content: 'version: [1', type: 'text/yaml' }])).message).toContain(
      'The provided YAML is invalid (file "s.yaml")',
    );
    const bomb = [
      'a: &a ["x","x","x","x","x","x","x","x","x"]',
      ...'bcdefghij'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefghij'[i]}`).join(',')}]`),
    ].join('\n');
    const bombed = await upload(t, '/schema/diff', [{ name: 'bomb.yaml', content: bomb, type: 'text/yaml' }]);
    expect(bombed.status).toBe(400);
    expect(bombed.message).toContain('The provided YAML is invalid (file "bomb.yaml")');
    const big = await upload(t, '/schema/diff', [
      { name: 'big.json', content: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 32), type: 'application/json' },
    ]);
    expect(big.status).toBe(400);
    expect(big.message).toContain('The uploaded file "big.json" is larger than 16 MiB');
    const text = await t.request('POST', '/schema/diff', { token: t.adminToken, headers: { 'content-type': 'text/plain' }, body: 'x' });
    expect(text.statusCode).toBe(415);
    expect((await snapshotOf(t)).text).toBe(snapshot.text);
  });
});
