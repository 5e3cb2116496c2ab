import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { ok } from './schema-test-helpers.js';

/**
 * `schema.data_type` is honoured where the dialect makes that column type for the field type (SQLite: a
 * `datetime` timestamp; PostgreSQL: a `real` float), and ignored otherwise; the field keeps its type.
 */
describe('column type variants named by schema.data_type', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('makes the named column where the dialect has it, keeps the field type, and ignores a type that does not fit', async () => {
    await ok(t, 'POST', '/collections', {
      collection: 'variants',
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
        { field: 'stamp', type: 'timestamp', schema: { data_type: 'datetime' } },
        { field: 'ratio', type: 'float', schema: { data_type: 'real' } },
        { field: 'label', type: 'string', schema: { data_type: 'integer' } },
      ],
    });
    const field = async (name: string) => (await ok(t, 'GET', `/fields/variants/${name}`)).data;
    const stamp = await field('stamp');
    const ratio = await field('ratio');
    const label = await field('label');
    expect([stamp.type, ratio.type, label.type]).toEqual(['timestamp', 'float', 'string']);
    const expected = {
      sqlite: ['datetime', 'float', 'varchar'],
      postgres: ['timestamp with time zone', 'real', 'character varying'],
      mysql: ['datetime', 'double', 'varchar'],
    }[t.vendor];
    expect([stamp.schema.data_type, ratio.schema.data_type, label.schema.data_type]).toEqual(expected);
    // The column works as its field type.
    const item = (await ok(t, 'POST', '/items/variants', { stamp: '2026-01-02T03:04:05.000Z', ratio: 0.5, label: 'x' })).data;
    expect(item).toMatchObject({ ratio: 0.5, label: 'x' });
    expect(new Date(item.stamp as string).toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });
});
