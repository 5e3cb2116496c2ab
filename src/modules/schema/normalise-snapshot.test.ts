import { describe, expect, it } from 'vitest';
import { normaliseSnapshot } from './normalise-snapshot.js';
import { parseSnapshot } from './parse-snapshot.js';
import { DroppedMetaKeys } from './unknown-meta-keys.js';

const directus = {
  version: 1,
  directus: '11.17.4',
  vendor: 'sqlite',
  collections: [
    { collection: 'posts', meta: { collection: 'posts', note: null, future_option: true }, schema: { name: 'posts' } },
    { collection: 'links', meta: { collection: 'links' }, schema: { name: 'links' } },
  ],
  fields: [
    {
      collection: 'posts',
      field: 'id',
      type: 'uuid',
      meta: { special: ['uuid'] },
      schema: { data_type: 'char', max_length: 36, is_primary_key: true, is_unique: true, is_nullable: false },
    },
    { collection: 'posts', field: 'owner', type: 'uuid', meta: {}, schema: { data_type: 'char', max_length: 36 } },
    {
      collection: 'links',
      field: 'id',
      type: 'integer',
      meta: {},
      schema: { data_type: 'integer', is_primary_key: true, has_auto_increment: true },
    },
    { collection: 'links', field: 'post', type: 'string', meta: {}, schema: { data_type: 'char', max_length: 36, is_unique: true } },
  ],
  relations: [
    {
      collection: 'links',
      field: 'post',
      related_collection: 'posts',
      meta: { many_collection: 'links' },
      schema: { on_delete: 'CASCADE', on_update: null, constraint_name: null },
    },
    {
      collection: 'posts',
      field: 'owner',
      related_collection: 'directus_users',
      meta: { one_collection: 'directus_users' },
      schema: { on_delete: 'SET NULL' },
    },
  ],
};

describe('normaliseSnapshot', () => {
  it("maps a Directus snapshot onto this instance's vendor", () => {
    const snapshot = normaliseSnapshot(parseSnapshot(directus), 'postgres');
    expect(snapshot.vendor).toBe('postgres');
    // Unknown keys dropped (decision 0022); keys the snapshot left out get the default a new row gets.
    expect(snapshot.collections[0]!.meta).toMatchObject({
      collection: 'posts',
      note: null,
      versioning: false,
      accountability: 'all',
      hidden: false,
    });
    expect(snapshot.collections[0]!.meta).not.toHaveProperty('future_option');
    expect(snapshot.fields[0]!.meta).toMatchObject({ special: ['uuid'], searchable: true, hidden: false, width: 'full' });
    const [id, owner, , post] = snapshot.fields;
    expect(id!.schema).toMatchObject({ data_type: 'uuid', max_length: null, is_unique: false, is_indexed: false });
    expect(post!.type).toBe('uuid');
    expect(post!.schema).toMatchObject({
      data_type: 'uuid',
      is_unique: true,
      is_indexed: true,
      foreign_key_table: 'posts',
      foreign_key_column: 'id',
    });
    expect(owner!.schema).toMatchObject({ foreign_key_table: 'service_users', foreign_key_column: 'id' });
    expect(snapshot.relations[1]).toMatchObject({ related_collection: 'service_users', meta: { one_collection: 'service_users' } });
    expect(snapshot.relations[0]!.schema).toMatchObject({
      constraint_name: 'links_post_foreign',
      on_update: 'NO ACTION',
      on_delete: 'CASCADE',
    });
  });

  it('indexes foreign keys on MySQL and names no constraints on SQLite', () => {
    const mysql = normaliseSnapshot(parseSnapshot(directus), 'mysql');
    expect(mysql.fields.find((f) => f.field === 'owner')!.schema!.is_indexed).toBe(true);
    expect(mysql.relations[0]!.schema!.on_update).toBe('RESTRICT');
    const sqlite = normaliseSnapshot(parseSnapshot(directus), 'sqlite');
    expect(sqlite.relations[0]!.schema!.constraint_name).toBeNull();
    expect(sqlite.fields.find((f) => f.field === 'owner')!.schema!.is_indexed).toBe(false);
  });

  it("leaves a snapshot of this vendor's own as it is, but for the meta keys this server does not store", () => {
    const own = { ...directus, directus: undefined, service: '1.0.0' };
    const dropped = new DroppedMetaKeys();
    const snapshot = normaliseSnapshot(parseSnapshot(own), 'sqlite', dropped);
    expect(snapshot.collections[0]!.meta).toEqual({ collection: 'posts', note: null });
    expect(dropped.warnings()).toEqual(['Dropped collection meta "future_option": this server does not store it (posts)']);
    expect(snapshot.fields[3]!.type).toBe('string');
  });
});
