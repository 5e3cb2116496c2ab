import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { call, diffAndApply, FIXTURES, seedSchema, snapshotOf, upload, type Json } from './schema-test-helpers.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';

describe('schema round trip', () => {
  let source: TestApp;
  let empty: TestApp;
  let snapshot: { text: string; json: Json };

  beforeAll(async () => {
    [source, empty] = await Promise.all([createTestApp(), createTestApp()]);
    await seedSchema(source);
    snapshot = await snapshotOf(source);
  });
  afterAll(async () => {
    await Promise.all([source?.close(), empty?.close()]);
  });

  it('answers the same bytes every time', async () => {
    expect((await snapshotOf(source)).text).toBe(snapshot.text);
    expect(Object.keys(snapshot.json)).toEqual(['version', 'service', 'vendor', 'collections', 'fields', 'relations']);
    expect(snapshot.json.collections.map((c: Json) => c.collection)).toEqual([
      'articles',
      'articles_tags',
      'authors',
      'library',
      'site',
      'tags',
    ]);
  });

  it('finds no difference between the instance and its own snapshot (JSON body, JSON and YAML uploads)', async () => {
    expect((await call(source, 'POST', '/schema/diff', snapshot.json)).status).toBe(204);
    expect((await upload(source, '/schema/diff', [{ name: 'schema.json', content: snapshot.text, type: 'application/json' }])).status).toBe(
      204,
    );
    expect(
      (await upload(source, '/schema/diff', [{ name: 'schema.yaml', content: stringify(snapshot.json), type: 'application/octet-stream' }]))
        .status,
    ).toBe(204);
  });

  it('applies the snapshot to an empty instance and snapshots it again identically', async () => {
    const diff = await diffAndApply(empty, snapshot.json);
    expect(diff).not.toBeNull();
    expect((await snapshotOf(empty)).text).toBe(snapshot.text);
    expect((await call(empty, 'POST', '/schema/diff', snapshot.json)).status).toBe(204);
  });

  // The committed fixture (used by across-vendors.test.ts) must be what this vendor snapshots today;
  // UPDATE_SCHEMA_FIXTURES=1 TEST_DB=<vendor> rewrites tests/fixtures/schema/stratum-<vendor>.json first.
  it('matches the committed fixture of this vendor', () => {
    const file = join(FIXTURES, `stratum-${source.vendor}.json`);
    const expected = `${JSON.stringify(snapshot.json, null, 2)}\n`;
    if (process.env.UPDATE_SCHEMA_FIXTURES === '1') writeFileSync(file, expected);
    expect(readFileSync(file, 'utf8')).toBe(expected);
  });
});
