import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_COLUMN_FACTS } from '../../../src/modules/schema/vendor-column-types.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { ok, snapshotOf, type Json } from './schema-test-helpers.js';

// The type mapping of foreign snapshots must say what this vendor really reports for the columns Stratum makes.
describe('the vendor column facts', () => {
  let t: TestApp;
  const types = Object.keys(VENDOR_COLUMN_FACTS.sqlite.types);

  beforeAll(async () => {
    t = await createTestApp();
    await ok(t, 'POST', '/collections', { collection: 'every_type', fields: types.map((type) => ({ field: `f_${type}`, type })) });
    await ok(t, 'POST', '/collections', {
      collection: 'targets',
      fields: [{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } }],
    });
    await ok(t, 'POST', '/fields/every_type', { field: 'target', type: 'integer' });
    await ok(t, 'POST', '/relations', { collection: 'every_type', field: 'target', related_collection: 'targets' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('match what this vendor reports', async () => {
    const facts = VENDOR_COLUMN_FACTS[t.vendor];
    const { json } = await snapshotOf(t);
    for (const type of types) {
      const field = json.fields.find((f: Json) => f.field === `f_${type}`);
      const expected = facts.types[type as keyof typeof facts.types];
      expect(field.schema.data_type, type).toBe(expected.dataType);
      if (expected.maxLength !== undefined) expect(field.schema.max_length, type).toBe(expected.maxLength);
    }
    const target = json.fields.find((f: Json) => f.field === 'target');
    expect(target.schema.is_indexed).toBe(facts.indexesForeignKeys);
    const relation = json.relations.find((r: Json) => r.field === 'target');
    expect(relation.schema.constraint_name === null).toBe(!facts.namesConstraints);
    expect(relation.schema.on_delete).toBe(facts.defaultRule);
    expect(relation.schema.on_update).toBe(facts.defaultRule);
  });
});
