import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { formatExport } from '../../../src/kernel/export/format-export.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';

describe('activity export', () => {
  let t: TestApp;
  beforeAll(async () => {
    // No cap on list reads, so that the unstreamed list below has every row to compare the export with.
    t = await createTestApp({ QUERY_LIMIT_MAX: '' });
    const rows = Array.from({ length: 2500 }, (_, i) => ({ action: i % 2 ? 'create' : 'update', collection: 'articles', item: String(i) }));
    for (let i = 0; i < rows.length; i += 250) await t.app.knex('service_activity').insert(rows.slice(i, i + 250));
  });
  afterAll(async () => {
    await t.close();
  });

  const fields = 'id,action,collection,item';

  it('streams every row of a large export, paged by key, identical to the unstreamed file', async () => {
    const list = await t.request('GET', `/activity?fields=${fields}&limit=-1`, { token: t.adminToken });
    const rows = list.json().data as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(2500);
    const exported = await t.request('GET', `/activity?fields=${fields}&limit=-1&export=json`, { token: t.adminToken });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="service_activity \d{8}-\d+\.json"$/);
    expect(exported.body).toBe(formatExport(rows, 'json').body);
  });

  it('exports CSV with a header row and one line per row, honouring filter, sort and limit', async () => {
    const response = await t.request('GET', `/activity?fields=${fields}&filter[action][_eq]=create&sort=-id&limit=1200&export=csv`, {
      token: t.adminToken,
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('"id","action","collection","item"');
    expect(lines).toHaveLength(1201);
    const ids = lines.slice(1).map((line) => Number(line.split(',')[0]));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(lines.slice(1).every((line) => line.includes('"create"'))).toBe(true);
  });

  it('exports YAML and XML that parse back to the rows', async () => {
    const yaml = await t.request('GET', `/activity?fields=${fields}&limit=3&export=yaml`, { token: t.adminToken });
    const list = await t.request('GET', `/activity?fields=${fields}&limit=3`, { token: t.adminToken });
    expect(parse(yaml.body)).toEqual(list.json().data);
    const xml = await t.request('GET', `/activity?fields=${fields}&limit=2&export=xml`, { token: t.adminToken });
    expect(xml.body.startsWith("<?xml version='1.0'?>\n<data>")).toBe(true);
    expect(xml.body.match(/<data>/g)).toHaveLength(3);
    expect(xml.body.endsWith('</data>')).toBe(true);
  });

  it('exports only what the caller may read, and refuses an unknown format', async () => {
    const anonymous = await t.request('GET', '/activity?export=csv');
    expect(anonymous.statusCode).toBe(403);
    const unknown = await t.request('GET', '/activity?export=pdf', { token: t.adminToken });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].extensions.code).toBe('INVALID_QUERY');
  });

  it('exports an empty result as an empty file of the format', async () => {
    const response = await t.request('GET', `/activity?fields=${fields}&filter[action][_eq]=nothing&export=json`, { token: t.adminToken });
    expect(response.body).toBe('[]');
  });
});
