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

  it('makes a fixed-length char string as named, which reads back as a string (not a uuid), also at 36 on SQLite', async () => {
    await ok(t, 'POST', '/collections', {
      collection: 'fixed',
      fields: [
        { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
        { field: 'code', type: 'string', schema: { data_type: 'char', max_length: 10 } },
        { field: 'ref', type: 'string', schema: { data_type: 'char', max_length: 36 } },
        { field: 'key', type: 'uuid' },
      ],
    });
    const field = async (name: string) => (await ok(t, 'GET', `/fields/fixed/${name}`)).data;
    const [code, ref, key] = [await field('code'), await field('ref'), await field('key')];
    if (t.vendor === 'sqlite') {
      expect([code.type, code.schema.data_type, code.schema.max_length]).toEqual(['string', 'char', 10]);
      expect([ref.type, ref.schema.data_type, ref.schema.max_length]).toEqual(['string', 'char', 36]);
      expect([key.type, key.schema.data_type]).toEqual(['uuid', 'char']);
    } else {
      // PostgreSQL and MariaDB make their usual varchar (decision 0023 says why).
      expect([code.type, ref.type, key.type]).toEqual(['string', 'string', 'uuid']);
    }
    const item = (await ok(t, 'POST', '/items/fixed', { code: 'AB', ref: 'not-a-uuid' })).data;
    expect(item).toMatchObject({ ref: 'not-a-uuid' });
    expect(String(item.code).trimEnd()).toBe('AB');
    // A second change of the field keeps its column.
    await ok(t, 'PATCH', '/fields/fixed/ref', { meta: { note: 'kept' }, schema: { is_nullable: false } });
    expect((await field('ref')).schema.data_type).toBe(t.vendor === 'sqlite' ? 'char' : (await field('code')).schema.data_type);
  });
});
