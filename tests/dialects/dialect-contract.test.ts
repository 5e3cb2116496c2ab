import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, createDatabase } from '../../src/database/connection.js';
import type { ColumnDefinition, ColumnInfo, Dialect } from '../../src/database/dialects/dialect.js';
import { MIGRATIONS } from '../../src/database/migrations/index.js';
import { pendingMigrations, runMigrations } from '../../src/database/migrations/run-migrations.js';
import { isAppError } from '../../src/kernel/errors/index.js';
import { foldCase } from '../../src/kernel/text/fold-case.js';
import type { FieldType } from '../../src/kernel/system/field-types.js';
import { SYSTEM_COLLECTIONS, SYSTEM_RELATIONS } from '../../src/kernel/system/system-collections.js';
import { createTestDatabase, type TestDatabase } from '../setup/test-database.js';

/**
 * The contract every Dialect passes, run against the vendor TEST_DB names (sqlite by default). Vendor
 * differences show up here only as documented capabilities (SQLite does not enforce lengths or ranges).
 */

let testDb: TestDatabase;
let knex: Knex;
let dialect: Dialect;

beforeAll(async () => {
  testDb = await createTestDatabase();
  ({ knex, dialect } = await createDatabase(testDb.db));
});

afterAll(async () => {
  await closeDatabase(knex);
  await testDb.drop();
});

/** The physical field type a column created for a field type comes back as. */
function physicalType(type: FieldType): FieldType {
  if (type === 'csv') return 'text';
  if (type === 'hash') return 'string';
  return type;
}

/** The field types a system field's column may come back as (csv lists are text or varchar columns). */
function physicalTypes(type: FieldType): FieldType[] {
  return type === 'csv' ? ['text', 'string'] : [physicalType(type)];
}

const COLUMN_TYPES = [
  'string',
  'text',
  'integer',
  'bigInteger',
  'float',
  'decimal',
  'boolean',
  'json',
  'csv',
  'uuid',
  'hash',
  'date',
  'dateTime',
  'time',
  'timestamp',
  'binary',
] as const satisfies readonly FieldType[];

async function createTable(name: string, columns: ColumnDefinition[], extra?: (table: Knex.CreateTableBuilder) => void) {
  await knex.schema.createTable(name, (table) => {
    for (const column of columns) dialect.addColumn(table, column, knex);
    extra?.(table);
  });
}

async function captureError(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  return undefined;
}

function column(columns: ColumnInfo[], table: string, name: string): ColumnInfo {
  const found = columns.find((c) => c.table === table && c.name === name);
  if (!found) throw new Error(`No column ${table}.${name}`);
  return found;
}

describe('createDatabase', () => {
  it('connects to the vendor TEST_DB names', async () => {
    expect(dialect.vendor).toBe(testDb.vendor);
    const result = await knex.raw('select 1 as one');
    expect(result).toBeTruthy();
  });

  it('fails with a message naming the target when it cannot connect', async () => {
    const unreachable = { ...testDb.db, filename: '/dev/null/stratum/data.db', port: 1 };
    await expect(createDatabase(unreachable)).rejects.toThrow(/Cannot connect to the \w+ database/);
  });

  it('says to create a server database that does not exist, in one line, and logs no driver stack', async () => {
    if (testDb.vendor === 'sqlite') return; // SQLite makes the file: there is no missing database.
    const warnings: string[] = [];
    const missing = { ...testDb.db, database: 'stratum_never_created', connectionString: null };
    const error = await createDatabase(missing, { warn: (message) => warnings.push(message) }).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      /^Cannot connect to the \w+ database at [^:]+:\d+\/stratum_never_created: .*\. Create the database first, e\.g\. .*stratum_never_created/,
    );
    expect((error as Error).message).not.toContain('\n');
    expect(warnings).toEqual([]);
  });
});

describe('migrations', () => {
  it('applies every migration once and records it', async () => {
    expect((await pendingMigrations(knex)).map((m) => m.version)).toEqual(MIGRATIONS.map((m) => m.version));
    expect(await runMigrations(knex, dialect)).toEqual(MIGRATIONS.map((m) => m.version));
    const rows = (await knex('service_migrations').select('*')) as Record<string, unknown>[];
    expect(rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version));
    const recorded = dialect.fromDatabase('timestamp', rows[0]?.timestamp);
    expect(recorded).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(Date.parse(String(recorded)) - Date.now())).toBeLessThan(60_000);
  });

  it('applies nothing on a second run', async () => {
    expect(await runMigrations(knex, dialect)).toEqual([]);
    expect(await pendingMigrations(knex)).toEqual([]);
  });
});

describe('introspection of the system tables', () => {
  let columns: ColumnInfo[];
  beforeAll(async () => {
    columns = await dialect.listColumns(knex);
  });

  it('lists every system table and no vendor table', async () => {
    const tables = await dialect.listTables(knex);
    for (const spec of SYSTEM_COLLECTIONS) expect(tables).toContain(spec.collection);
    expect(tables.some((t) => t.startsWith('sqlite_') || t.startsWith('knex_migrations'))).toBe(false);
  });

  it('has a column for every non-alias field, of the right field type', () => {
    for (const spec of SYSTEM_COLLECTIONS) {
      const own = columns.filter((c) => c.table === spec.collection);
      const expected = Object.entries(spec.fields).filter(([, f]) => f.type !== 'alias');
      expect(own.map((c) => c.name).sort(), spec.collection).toEqual(expected.map(([name]) => name).sort());
      for (const [name, field] of expected) {
        expect(physicalTypes(field.type), `${spec.collection}.${name}`).toContain(
          dialect.fieldTypeOf(column(columns, spec.collection, name)),
        );
      }
    }
  });

  it('reports primary keys, auto-increment and nullability', () => {
    for (const spec of SYSTEM_COLLECTIONS) {
      for (const c of columns.filter((c) => c.table === spec.collection)) {
        expect(c.isPrimaryKey, `${c.table}.${c.name}`).toBe(c.name === spec.primary);
        if (c.isPrimaryKey) expect(c.isNullable).toBe(false);
      }
    }
    expect(column(columns, 'service_permissions', 'id').hasAutoIncrement).toBe(true);
    expect(column(columns, 'service_activity', 'id').hasAutoIncrement).toBe(true);
    expect(column(columns, 'service_users', 'id').hasAutoIncrement).toBe(false);
    expect(column(columns, 'service_collections', 'collection').hasAutoIncrement).toBe(false);
    expect(column(columns, 'service_roles', 'name').isNullable).toBe(false);
    expect(column(columns, 'service_roles', 'description').isNullable).toBe(true);
    expect(column(columns, 'service_access', 'policy').isNullable).toBe(false);
    expect(column(columns, 'service_access', 'role').isNullable).toBe(true);
  });

  it('reads defaults as JS literals', () => {
    const defaults: [string, string, unknown][] = [
      ['service_roles', 'icon', 'supervised_user_circle'],
      ['service_users', 'status', 'active'],
      ['service_users', 'provider', 'default'],
      ['service_users', 'email_notifications', true],
      ['service_users', 'first_name', null],
      ['service_policies', 'admin_access', false],
      ['service_settings', 'project_name', 'Stratum'],
      ['service_settings', 'project_color', '#6644FF'],
      ['service_settings', 'auth_login_attempts', 25],
      ['service_collections', 'archive_app_filter', true],
      ['service_fields', 'width', 'full'],
      ['service_relations', 'one_deselect_action', 'nullify'],
      ['service_activity', 'timestamp', 'CURRENT_TIMESTAMP'],
      ['service_sessions', 'date_created', 'CURRENT_TIMESTAMP'],
      ['service_permissions', 'id', null],
    ];
    for (const [table, name, value] of defaults) expect(column(columns, table, name).defaultValue, `${table}.${name}`).toEqual(value);
  });

  it('reports lengths, uniqueness and indexes', () => {
    const email = column(columns, 'service_users', 'email');
    expect(email.maxLength).toBe(128);
    expect(email.isUnique).toBe(true);
    expect(email.isIndexed).toBe(true);
    expect(email.isNullable).toBe(true);
    expect(column(columns, 'service_sessions', 'token').isUnique).toBe(true);
    expect(column(columns, 'service_users', 'first_name')).toMatchObject({ isUnique: false, isIndexed: false, maxLength: 50 });
    expect(column(columns, 'service_users', 'role').isIndexed).toBe(true);
    expect(column(columns, 'service_activity', 'timestamp').isIndexed).toBe(true);
    // Part of a multi-column unique index only: neither unique nor indexed on its own.
    expect(column(columns, 'service_fields', 'field')).toMatchObject({ isUnique: false, isIndexed: false });
  });

  it('lists the indexes the activity log and meta tables need', async () => {
    const indexes = await dialect.listIndexes(knex);
    const has = (table: string, cols: string[], unique = false) =>
      indexes.some((i) => i.table === table && !i.primary && i.unique === unique && i.columns.join() === cols.join());
    expect(has('service_activity', ['collection', 'item', 'timestamp'])).toBe(true);
    expect(has('service_activity', ['user', 'timestamp'])).toBe(true);
    expect(has('service_activity', ['action', 'timestamp'])).toBe(true);
    expect(has('service_activity', ['timestamp'])).toBe(true);
    expect(has('service_permissions', ['policy'])).toBe(true);
    expect(has('service_permissions', ['collection', 'action'])).toBe(true);
    expect(has('service_revisions', ['activity'])).toBe(true);
    expect(has('service_revisions', ['collection', 'item'])).toBe(true);
    expect(has('service_sessions', ['user'])).toBe(true);
    expect(has('service_fields', ['collection', 'field'], true)).toBe(true);
    expect(has('service_users', ['email'], true)).toBe(true);
    for (const spec of SYSTEM_COLLECTIONS) {
      const primary = indexes.filter((i) => i.table === spec.collection && i.primary);
      expect(
        primary.map((i) => i.columns),
        spec.collection,
      ).toEqual([[spec.primary]]);
    }
  });

  it('lists the foreign keys of the system relations with their delete rules', async () => {
    const foreignKeys = await dialect.listForeignKeys(knex);
    const onDelete: Record<string, string> = {
      'service_users.role': 'SET NULL',
      'service_roles.parent': 'SET NULL',
      'service_access.role': 'CASCADE',
      'service_access.user': 'CASCADE',
      'service_access.policy': 'CASCADE',
      'service_permissions.policy': 'CASCADE',
      'service_revisions.activity': 'CASCADE',
      'service_revisions.parent': 'SET NULL',
      'service_sessions.user': 'CASCADE',
      'service_presets.user': 'CASCADE',
      'service_presets.role': 'CASCADE',
      'service_folders.parent': 'SET NULL',
      'service_files.folder': 'SET NULL',
      'service_files.uploaded_by': 'SET NULL',
      'service_files.modified_by': 'SET NULL',
      'service_flows.user_created': 'SET NULL',
      'service_operations.flow': 'CASCADE',
      'service_operations.user_created': 'SET NULL',
      'service_notifications.recipient': 'CASCADE',
      'service_notifications.sender': 'SET NULL',
      'service_comments.user_created': 'SET NULL',
      'service_comments.user_updated': 'SET NULL',
      'service_dashboards.user_created': 'SET NULL',
      'service_panels.dashboard': 'CASCADE',
      'service_panels.user_created': 'SET NULL',
      'service_shares.role': 'CASCADE',
      'service_shares.user_created': 'SET NULL',
      'service_versions.user_created': 'SET NULL',
      'service_versions.user_updated': 'SET NULL',
    };
    // Relations kept in meta only: the activity's user outlives the user, and the columns below predate files
    // (a foreign key on an existing SQLite table means rebuilding it); deleting a file clears them itself; the
    // registration role is only read to give a new user its role (service_users.role has the foreign key).
    // A flow's chain links (`operation`, `resolve`, `reject`) point within one flow: a cascade that sets null on the
    // table it deletes from acts as RESTRICT on MariaDB (migration 20261127T).
    const metaOnly = new Set([
      'service_activity.user',
      'service_users.avatar',
      'service_settings.storage_default_folder',
      'service_settings.public_registration_role',
      'service_flows.operation',
      'service_operations.resolve',
      'service_operations.reject',
    ]);
    for (const relation of SYSTEM_RELATIONS) {
      const key = `${relation.collection}.${relation.field}`;
      const fk = foreignKeys.find((f) => f.table === relation.collection && f.column === relation.field);
      if (metaOnly.has(key)) {
        expect(fk, key).toBeUndefined();
        continue;
      }
      expect(fk, key).toMatchObject({ foreignKeyTable: relation.related, foreignKeyColumn: 'id', onDelete: onDelete[key] });
      expect(column(columns, relation.collection, relation.field)).toMatchObject({
        foreignKeyTable: relation.related,
        foreignKeyColumn: 'id',
      });
    }
    expect(await dialect.listForeignKeys(knex, 'service_access')).toHaveLength(3);
  });
});

describe('addColumn and fieldTypeOf', () => {
  beforeAll(async () => {
    await createTable('contract_types', [
      { name: 'id', type: 'integer', primaryKey: true, autoIncrement: true },
      ...COLUMN_TYPES.map((type): ColumnDefinition => ({ name: `f_${type}`, type })),
    ]);
  });

  it('maps every column back to its field type', async () => {
    const columns = await dialect.listColumns(knex, 'contract_types');
    expect(columns.map((c) => c.name)).toEqual(['id', ...COLUMN_TYPES.map((t) => `f_${t}`)]);
    for (const type of COLUMN_TYPES) {
      expect(dialect.fieldTypeOf(column(columns, 'contract_types', `f_${type}`)), type).toBe(physicalType(type));
    }
    expect(column(columns, 'contract_types', 'id')).toMatchObject({ isPrimaryKey: true, hasAutoIncrement: true, isNullable: false });
    expect(dialect.fieldTypeOf(column(columns, 'contract_types', 'id'))).toBe('integer');
    expect(column(columns, 'contract_types', 'f_string').maxLength).toBe(255);
    expect(column(columns, 'contract_types', 'f_decimal')).toMatchObject({ numericPrecision: 10, numericScale: 5 });
  });

  it('applies lengths, defaults, nullability, unique, index and primary key', async () => {
    await createTable(
      'contract_options',
      [
        { name: 'code', type: 'string', maxLength: 20, primaryKey: true },
        { name: 'title', type: 'string', maxLength: 80, nullable: false, defaultValue: "it's a draft" },
        { name: 'slug', type: 'string', unique: true },
        { name: 'rank', type: 'integer', indexed: true, defaultValue: 5 },
        { name: 'ratio', type: 'float', defaultValue: 1.5 },
        { name: 'active', type: 'boolean', nullable: false, defaultValue: true },
        { name: 'archived', type: 'boolean', defaultValue: false },
        { name: 'created', type: 'timestamp', defaultValue: 'CURRENT_TIMESTAMP' },
        { name: 'amount', type: 'decimal', precision: 8, scale: 2 },
        { name: 'parent', type: 'integer', nullable: true },
        { name: 'body', type: 'text', defaultValue: 'Once upon a time' },
        { name: 'meta', type: 'json', defaultValue: { theme: 'dark', sizes: [1, 2] } },
        { name: 'day', type: 'date', defaultValue: '2026-01-31' },
      ],
      (table) => table.foreign('parent').references('id').inTable('contract_types').onDelete('SET NULL').onUpdate('CASCADE'),
    );
    const columns = await dialect.listColumns(knex, 'contract_options');
    expect(column(columns, 'contract_options', 'code')).toMatchObject({ isPrimaryKey: true, isNullable: false, maxLength: 20 });
    expect(column(columns, 'contract_options', 'title')).toMatchObject({ defaultValue: "it's a draft", isNullable: false, maxLength: 80 });
    expect(column(columns, 'contract_options', 'slug')).toMatchObject({ isUnique: true, isIndexed: true });
    expect(column(columns, 'contract_options', 'rank')).toMatchObject({ isUnique: false, isIndexed: true, defaultValue: 5 });
    expect(column(columns, 'contract_options', 'ratio').defaultValue).toBe(1.5);
    expect(column(columns, 'contract_options', 'active')).toMatchObject({ defaultValue: true, isNullable: false });
    expect(column(columns, 'contract_options', 'archived').defaultValue).toBe(false);
    expect(column(columns, 'contract_options', 'created').defaultValue).toBe('CURRENT_TIMESTAMP');
    expect(column(columns, 'contract_options', 'amount')).toMatchObject({ numericPrecision: 8, numericScale: 2 });
    expect(column(columns, 'contract_options', 'parent')).toMatchObject({ foreignKeyTable: 'contract_types', foreignKeyColumn: 'id' });
    expect(column(columns, 'contract_options', 'body').defaultValue).toBe('Once upon a time');
    expect(column(columns, 'contract_options', 'meta').defaultValue).toEqual({ theme: 'dark', sizes: [1, 2] });
    expect(column(columns, 'contract_options', 'day').defaultValue).toBe('2026-01-31');

    await knex('contract_options').insert({ code: 'a' });
    const [row] = (await knex('contract_options').where({ code: 'a' })) as Record<string, unknown>[];
    expect(dialect.fromDatabase('string', row?.title)).toBe("it's a draft");
    expect(dialect.fromDatabase('boolean', row?.active)).toBe(true);
    expect(dialect.fromDatabase('boolean', row?.archived)).toBe(false);
    expect(dialect.fromDatabase('integer', row?.rank)).toBe(5);
    expect(dialect.fromDatabase('text', row?.body)).toBe('Once upon a time');
    expect(dialect.fromDatabase('json', row?.meta)).toEqual({ theme: 'dark', sizes: [1, 2] });
    expect(dialect.fromDatabase('date', row?.day)).toBe('2026-01-31');
    expect(Math.abs(Date.parse(String(dialect.fromDatabase('timestamp', row?.created))) - Date.now())).toBeLessThan(60_000);
  });
});

describe('introspect', () => {
  beforeAll(async () => {
    await createTable(
      'contract_keys',
      [
        { name: 'id', type: 'integer', primaryKey: true, autoIncrement: true },
        { name: 'code', type: 'string', maxLength: 12, nullable: false },
        { name: 'region', type: 'string', maxLength: 8 },
        { name: 'owner', type: 'integer' },
        { name: 'option', type: 'string', maxLength: 20 },
        { name: 'price', type: 'decimal', precision: 12, scale: 4, defaultValue: 9.5 },
      ],
      (table) => {
        table.unique(['region', 'code'], { indexName: 'contract_keys_region_code_unique' });
        table.index(['owner', 'region'], 'contract_keys_owner_region_index');
        table.foreign('owner').references('id').inTable('contract_types').onDelete('CASCADE').onUpdate('SET NULL');
        table.foreign('option').references('code').inTable('contract_options').onDelete('RESTRICT');
      },
    );
    await knex.raw('CREATE VIEW ?? AS SELECT ??, ?? FROM ??', ['contract_keys_view', 'id', 'code', 'contract_keys']);
  });

  afterAll(async () => {
    await knex.raw('DROP VIEW ??', ['contract_keys_view']);
  });

  it('answers what the four list methods answer, for every table and for one', async () => {
    const all = await dialect.introspect(knex);
    expect(all.tables).toEqual(await dialect.listTables(knex));
    expect(all.columns).toEqual(await dialect.listColumns(knex));
    expect(all.foreignKeys).toEqual(await dialect.listForeignKeys(knex));
    expect(all.indexes).toEqual(await dialect.listIndexes(knex));
    const one = await dialect.introspect(knex, 'contract_keys');
    expect(one.tables).toEqual(['contract_keys']);
    expect(one.columns).toEqual(all.columns.filter((c) => c.table === 'contract_keys'));
    expect(one.columns).toEqual(await dialect.listColumns(knex, 'contract_keys'));
    expect(one.foreignKeys).toEqual(all.foreignKeys.filter((k) => k.table === 'contract_keys'));
    expect(one.indexes).toEqual(all.indexes.filter((i) => i.table === 'contract_keys'));
    expect(await dialect.introspect(knex, 'no_such_table')).toEqual({ tables: [], columns: [], foreignKeys: [], indexes: [] });
  });

  it('leaves views out', async () => {
    const { tables, columns, indexes, foreignKeys } = await dialect.introspect(knex);
    expect(tables).not.toContain('contract_keys_view');
    for (const list of [columns, indexes, foreignKeys]) expect(list.some((entry) => entry.table === 'contract_keys_view')).toBe(false);
    expect(await dialect.listColumns(knex, 'contract_keys_view')).toEqual([]);
  });

  it('reports multi-column indexes with their columns in order, and no single-column facts from them', async () => {
    const { columns, indexes } = await dialect.introspect(knex, 'contract_keys');
    const named = (cols: string[]) => indexes.filter((i) => !i.primary && i.columns.join() === cols.join());
    expect(named(['region', 'code']).map((i) => i.unique)).toEqual([true]);
    expect(named(['owner', 'region']).some((i) => !i.unique)).toBe(true);
    expect(indexes.filter((i) => i.primary).map((i) => i.columns)).toEqual([['id']]);
    expect(column(columns, 'contract_keys', 'code')).toMatchObject({ isUnique: false, isIndexed: false, isNullable: false, maxLength: 12 });
    expect(column(columns, 'contract_keys', 'region')).toMatchObject({ isUnique: false, isNullable: true, maxLength: 8 });
    expect(column(columns, 'contract_keys', 'price')).toMatchObject({
      numericPrecision: 12,
      numericScale: 4,
      defaultValue: 9.5,
      maxLength: null,
    });
    expect(column(columns, 'contract_keys', 'id')).toMatchObject({
      isPrimaryKey: true,
      hasAutoIncrement: true,
      defaultValue: null,
      numericPrecision: null,
    });
  });

  it('reports the rules of foreign keys on delete and on update', async () => {
    const { columns, foreignKeys } = await dialect.introspect(knex);
    const key = (table: string, name: string) => foreignKeys.find((k) => k.table === table && k.column === name);
    expect(key('contract_keys', 'owner')).toMatchObject({
      foreignKeyTable: 'contract_types',
      foreignKeyColumn: 'id',
      onDelete: 'CASCADE',
      onUpdate: 'SET NULL',
    });
    expect(key('contract_keys', 'option')).toMatchObject({
      foreignKeyTable: 'contract_options',
      foreignKeyColumn: 'code',
      onDelete: 'RESTRICT',
    });
    expect(key('contract_options', 'parent')).toMatchObject({
      foreignKeyTable: 'contract_types',
      foreignKeyColumn: 'id',
      onDelete: 'SET NULL',
      onUpdate: 'CASCADE',
    });
    if (dialect.vendor !== 'sqlite') expect(key('contract_keys', 'owner')?.constraintName).toEqual(expect.any(String));
    expect(column(columns, 'contract_keys', 'option')).toMatchObject({ foreignKeyTable: 'contract_options', foreignKeyColumn: 'code' });
    expect(column(columns, 'contract_keys', 'region')).toMatchObject({ foreignKeyTable: null, foreignKeyColumn: null });
  });

  it('reads defaults, lengths, precision and scale the same way as listColumns of one table', async () => {
    const { columns } = await dialect.introspect(knex, 'contract_options');
    expect(column(columns, 'contract_options', 'title')).toMatchObject({ defaultValue: "it's a draft", maxLength: 80, isNullable: false });
    expect(column(columns, 'contract_options', 'slug')).toMatchObject({ isUnique: true, isIndexed: true, maxLength: 255 });
    expect(column(columns, 'contract_options', 'rank')).toMatchObject({ isUnique: false, isIndexed: true, defaultValue: 5 });
    expect(column(columns, 'contract_options', 'amount')).toMatchObject({ numericPrecision: 8, numericScale: 2, maxLength: null });
    expect(column(columns, 'contract_options', 'created').defaultValue).toBe('CURRENT_TIMESTAMP');
    expect(column(columns, 'contract_options', 'meta').defaultValue).toEqual({ theme: 'dark', sizes: [1, 2] });
    expect(column(columns, 'contract_options', 'active')).toMatchObject({ defaultValue: true, isNullable: false, numericPrecision: null });
  });
});

describe('value round trips', () => {
  const uuid = randomUUID();
  const samples: Record<(typeof COLUMN_TYPES)[number], unknown[]> = {
    string: ['Grüße, 世界 🌍 — "double" and \'single\' quotes', '', "x'); drop table contract_types; --"],
    text: ['A longer text\nwith lines, tabs\tand emoji 🎉', 'ünïcödé'.repeat(500)],
    integer: [42, -7, 0, 2147483647],
    bigInteger: [1234567890123, -5],
    float: [3.141592653589793, -0.5, 1e-7],
    decimal: [12.5, 99999.12345, -0.25],
    boolean: [true, false],
    json: [{ a: 1, nested: { list: [1, 'two', null, true] }, unicode: 'ü' }, [1, 2, 3], 'just a string', 42, null],
    csv: [['a', 'b', 'c'], []],
    uuid: [uuid],
    hash: ['$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG'],
    date: ['2026-11-22', '1999-12-31'],
    dateTime: ['2026-11-22T03:26:03', '2000-02-29T23:59:59'],
    time: ['03:26:03', '23:59:59'],
    timestamp: ['2026-11-22T03:26:03.536Z', '1970-01-01T00:00:00.000Z', '2099-12-31T23:59:59.999Z'],
    binary: [Buffer.from([0, 1, 2, 255, 10, 39])],
  };

  beforeAll(async () => {
    await createTable('contract_values', [
      { name: 'id', type: 'integer', primaryKey: true, autoIncrement: true },
      ...COLUMN_TYPES.map((type): ColumnDefinition => ({ name: `f_${type}`, type })),
    ]);
  });

  async function roundTrip(type: FieldType, value: unknown): Promise<unknown> {
    const query = knex('contract_values').insert({ [`f_${type}`]: dialect.toDatabase(type, value) });
    const [id] = (dialect.supportsReturning ? await query.returning('id') : await query) as unknown[];
    const key = typeof id === 'object' && id !== null ? (id as { id: number }).id : id;
    const row = (await knex('contract_values').where({ id: key }).first()) as Record<string, unknown>;
    return dialect.fromDatabase(type, row[`f_${type}`]);
  }

  for (const type of COLUMN_TYPES) {
    it(`keeps ${type} values`, async () => {
      for (const value of samples[type]) expect(await roundTrip(type, value), JSON.stringify(value)).toEqual(value);
      expect(await roundTrip(type, null)).toBeNull();
    });
  }

  it('accepts Date objects and offsets for dates and times', async () => {
    const date = new Date('2026-11-22T03:26:03.536Z');
    expect(await roundTrip('timestamp', date)).toBe('2026-11-22T03:26:03.536Z');
    expect(await roundTrip('timestamp', '2026-11-22T05:26:03.536+02:00')).toBe('2026-11-22T03:26:03.536Z');
    expect(await roundTrip('timestamp', '2026-11-22T03:26:03Z')).toBe('2026-11-22T03:26:03.000Z');
    expect(await roundTrip('dateTime', date)).toBe('2026-11-22T03:26:03');
    expect(await roundTrip('date', date)).toBe('2026-11-22');
    expect(await roundTrip('time', '03:26')).toBe('03:26:00');
  });

  it('orders and compares timestamps as time', async () => {
    await createTable('contract_times', [
      { name: 'id', type: 'integer', primaryKey: true, autoIncrement: true },
      { name: 'at', type: 'timestamp' },
    ]);
    const values = [
      '2026-01-01T00:00:00.001Z',
      '2025-12-31T23:59:59.999Z',
      '2026-01-01T00:00:00.000Z',
      '2026-01-01T02:00:00.000+03:00',
      '2024-06-01T12:00:00.000Z',
    ];
    for (const at of values) await knex('contract_times').insert({ at: dialect.toDatabase('timestamp', at) });
    const sorted = ((await knex('contract_times').orderBy('at')) as { at: unknown }[]).map((r) => dialect.fromDatabase('timestamp', r.at));
    expect(sorted).toEqual([
      '2024-06-01T12:00:00.000Z',
      '2025-12-31T23:00:00.000Z',
      '2025-12-31T23:59:59.999Z',
      '2026-01-01T00:00:00.000Z',
      '2026-01-01T00:00:00.001Z',
    ]);
    const after = await knex('contract_times').where(
      'at',
      '>',
      dialect.toDatabase('timestamp', new Date('2026-01-01T00:00:00.000Z')) as Knex.Value,
    );
    expect(after.map((r: { at: unknown }) => dialect.fromDatabase('timestamp', r.at))).toEqual(['2026-01-01T00:00:00.001Z']);
  });

  it('filters booleans by their bound value', async () => {
    const trues = await knex('contract_values')
      .where('f_boolean', dialect.toDatabase('boolean', true) as Knex.Value)
      .count({ n: '*' });
    expect(Number(trues[0]?.n)).toBe(1);
  });

  it('writes now() in the API timestamp format', async () => {
    await knex.schema.createTable('contract_now', (table) => {
      dialect.addColumn(table, { name: 'id', type: 'integer', primaryKey: true, autoIncrement: true }, knex);
      dialect.addColumn(table, { name: 'at', type: 'timestamp' }, knex).defaultTo(dialect.nowDefault(knex));
    });
    await knex('contract_now').insert({ id: 1 });
    const row = (await knex('contract_now').first()) as { at: unknown };
    const at = dialect.fromDatabase('timestamp', row.at);
    expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Math.abs(Date.parse(String(at)) - Date.now())).toBeLessThan(60_000);
    if (typeof row.at === 'string') expect(row.at.length).toBeGreaterThanOrEqual(19);
  });
});

describe('SQL functions', () => {
  beforeAll(async () => {
    await createTable('contract_like', [
      { name: 'id', type: 'integer', primaryKey: true, autoIncrement: true },
      { name: 'title', type: 'string' },
      { name: 'at', type: 'timestamp' },
      { name: 'local', type: 'dateTime' },
      { name: 'day', type: 'date' },
      { name: 'clock', type: 'time' },
    ]);
    const titles = ['Hello World', 'HELLO there', 'goodbye', '100% sure', 'under_score', 'bang!', null];
    for (const title of titles) {
      await knex('contract_like').insert({
        title,
        at: dialect.toDatabase('timestamp', '2026-11-22T03:26:03.536Z'),
        local: dialect.toDatabase('dateTime', '2026-11-22T03:26:03'),
        day: dialect.toDatabase('date', '2026-11-22'),
        clock: dialect.toDatabase('time', '03:26:03'),
      });
    }
  });

  /** The pattern lowered as the compiler lowers it (foldCase); the dialect lowers the column. */
  async function titlesMatching(pattern: string, negate = false): Promise<string[]> {
    const rows = (await knex('contract_like as t0')
      .select('t0.title')
      .whereRaw(dialect.ilike('??', negate), ['t0.title', foldCase(pattern)])) as {
      title: string;
    }[];
    return rows.map((r) => r.title).sort();
  }

  it('ilike matches case-insensitively, with negation', async () => {
    expect(await titlesMatching('%hello%')).toEqual(['HELLO there', 'Hello World']);
    expect(await titlesMatching('hello w%')).toEqual(['Hello World']);
    expect(await titlesMatching('%HELLO%', true)).toEqual(['100% sure', 'bang!', 'goodbye', 'under_score']);
  });

  it('ilike escapes wildcards with !', async () => {
    expect(await titlesMatching('%100!%%')).toEqual(['100% sure']);
    expect(await titlesMatching('%r!_s%')).toEqual(['under_score']);
    expect(await titlesMatching('%g!!')).toEqual(['bang!']);
    expect(await titlesMatching("%'); drop table contract_like; --%")).toEqual([]);
    expect(await knex.schema.hasTable('contract_like')).toBe(true);
  });

  it('ilike lowers letters beyond ASCII on both sides, in French, German and Danish, and accents count (decision 0054)', async () => {
    await createTable('contract_fold', [
      { name: 'id', type: 'integer', primaryKey: true, autoIncrement: true },
      { name: 'word', type: 'string' },
    ]);
    const words = ['ÉCOLE normale', 'une école', 'Ecole', 'ÖL', 'öl', 'Straße', 'STRASSE', 'ÆØÅ', 'été'];
    for (const word of words) await knex('contract_fold').insert({ word });
    // The compiler lowers the pattern (foldCase); the dialect lowers the column.
    const matching = async (text: string, negate = false): Promise<string[]> => {
      const rows = (await knex('contract_fold as t0')
        .select('t0.word')
        .whereRaw(dialect.ilike('??', negate), ['t0.word', `%${foldCase(text)}%`])) as { word: string }[];
      return rows.map((r) => r.word).sort();
    };
    expect(await matching('école')).toEqual(['ÉCOLE normale', 'une école'].sort());
    expect(await matching('ÉCOLE')).toEqual(['ÉCOLE normale', 'une école'].sort());
    expect(await matching('Öl')).toEqual(['ÖL', 'öl'].sort());
    expect(await matching('æøå')).toEqual(['ÆØÅ'].sort());
    expect(await matching('ÉTÉ')).toEqual(['été'].sort());
    // Accents count (é ≠ e), and ß is one letter (not "ss"), on every vendor.
    expect(await matching('ecole')).toEqual(['Ecole'].sort());
    expect(await matching('strasse')).toEqual(['STRASSE'].sort());
    expect(await matching('STRAßE')).toEqual(['Straße'].sort());
    expect(await matching('école', true)).toEqual(['Ecole', 'STRASSE', 'Straße', 'ÆØÅ', 'ÖL', 'été', 'öl'].sort());
  });

  it('dateFunction extracts integer parts in UTC', async () => {
    const instant = new Date('2026-11-22T03:26:03.536Z');
    const expected = {
      year: 2026,
      month: 11,
      week: isoWeek(instant),
      day: 22,
      weekday: instant.getUTCDay(),
      hour: 3,
      minute: 26,
      second: 3,
    };
    for (const [fn, value] of Object.entries(expected) as [keyof typeof expected, number][]) {
      for (const [field, type] of [
        ['at', 'timestamp'],
        ['local', 'dateTime'],
      ] as const) {
        const raw = dialect.dateFunction(knex, fn, `t0.${field}`, type);
        const row = (await knex('contract_like as t0')
          .select(knex.raw('? as v', [raw]))
          .first()) as { v: unknown };
        expect(row.v, `${fn}(${field})`).toBe(value);
      }
    }
    for (const fn of ['year', 'month', 'day'] as const) {
      const row = (await knex('contract_like as t0')
        .select(knex.raw('? as v', [dialect.dateFunction(knex, fn, 't0.day', 'date')]))
        .first()) as { v: unknown };
      expect(row.v, `${fn}(day)`).toBe(expected[fn]);
    }
    for (const fn of ['hour', 'minute', 'second'] as const) {
      const row = (await knex('contract_like as t0')
        .select(knex.raw('? as v', [dialect.dateFunction(knex, fn, 't0.clock', 'time')]))
        .first()) as { v: unknown };
      expect(row.v, `${fn}(clock)`).toBe(expected[fn]);
    }
  });

  it('dateFunction filters and groups', async () => {
    const year = dialect.dateFunction(knex, 'year', 't0.at', 'timestamp');
    const rows = (await knex('contract_like as t0')
      .select(knex.raw('? as y', [year]), knex.raw('COUNT(*) as n'))
      .groupByRaw('?', [year])) as {
      y: unknown;
      n: unknown;
    }[];
    expect(rows.map((r) => [Number(r.y), Number(r.n)])).toEqual([[2026, 7]]);
    const filtered = await knex('contract_like as t0').whereRaw('? = ?', [year, 2026]).count({ n: '*' });
    expect(Number(filtered[0]?.n)).toBe(7);
  });

  it('randomOrder orders by a random value', async () => {
    const rows = await knex('contract_like').orderByRaw(dialect.randomOrder(knex).toSQL().sql);
    expect(rows).toHaveLength(7);
  });
});

describe('translateError', () => {
  async function insertRole(values: Record<string, unknown>) {
    await knex('service_roles').insert({ id: randomUUID(), name: 'Role', ...values });
  }

  it('turns unique violations into RECORD_NOT_UNIQUE with the field', async () => {
    await knex('service_users').insert({ id: randomUUID(), email: 'dup@example.com' });
    const error = await captureError(() => knex('service_users').insert({ id: randomUUID(), email: 'dup@example.com' }));
    const translated = dialect.translateError(error, 'service_users');
    expect(translated?.code).toBe('RECORD_NOT_UNIQUE');
    expect(translated?.status).toBe(400);
    expect(translated?.extensions).toMatchObject({ collection: 'service_users', field: 'email' });
    expect(translated?.cause).toBe(error);
  });

  it('turns duplicate primary keys into RECORD_NOT_UNIQUE', async () => {
    const id = randomUUID();
    await insertRole({ id });
    const error = await captureError(() => insertRole({ id }));
    expect(dialect.translateError(error, 'service_roles')?.code).toBe('RECORD_NOT_UNIQUE');
  });

  it('turns not-null violations into NOT_NULL_VIOLATION with the field', async () => {
    const missing = await captureError(() => knex('service_roles').insert({ id: randomUUID() }));
    expect(dialect.translateError(missing, 'service_roles')).toMatchObject({ code: 'NOT_NULL_VIOLATION', extensions: { field: 'name' } });
    const explicitNull = await captureError(() => insertRole({ name: null }));
    expect(dialect.translateError(explicitNull, 'service_roles')).toMatchObject({
      code: 'NOT_NULL_VIOLATION',
      extensions: { field: 'name' },
    });
  });

  it('turns foreign key violations into INVALID_FOREIGN_KEY', async () => {
    const error = await captureError(() => knex('service_access').insert({ id: randomUUID(), policy: randomUUID() }));
    const translated = dialect.translateError(error, 'service_access');
    expect(translated?.code).toBe('INVALID_FOREIGN_KEY');
    expect([null, 'policy']).toContain(translated?.extensions.field);
  });

  it('turns too long and out-of-range values into VALUE_TOO_LONG and VALUE_OUT_OF_RANGE where the vendor checks them', async () => {
    const tooLong = await captureError(() => insertRole({ name: 'x'.repeat(101) }));
    if (tooLong !== undefined) expect(dialect.translateError(tooLong, 'service_roles')?.code).toBe('VALUE_TOO_LONG');
    const outOfRange = await captureError(() => knex('service_settings').insert({ auth_login_attempts: 2 ** 40 }));
    if (outOfRange !== undefined) expect(dialect.translateError(outOfRange, 'service_settings')?.code).toBe('VALUE_OUT_OF_RANGE');
    expect(dialect.vendor === 'sqlite' || (tooLong !== undefined && outOfRange !== undefined)).toBe(true);
  });

  it('returns null for anything else', async () => {
    expect(dialect.translateError(new Error('boom'), 'x')).toBeNull();
    expect(dialect.translateError('text', 'x')).toBeNull();
    const syntax = await captureError(() => knex.raw('selec 1'));
    expect(syntax).toBeDefined();
    expect(dialect.translateError(syntax, 'x')).toBeNull();
    expect(isAppError(dialect.translateError(syntax, 'x'))).toBe(false);
  });
});

describe('bindings', () => {
  it('stores hostile text literally', async () => {
    const hostile = "x'); drop table contract_values; --";
    await knex('service_roles').insert({ id: randomUUID(), name: hostile, description: 'Robert"); DROP TABLE service_roles;--' });
    const row = (await knex('service_roles').where({ name: hostile }).first()) as { name: string; description: string };
    expect(row.name).toBe(hostile);
    expect(row.description).toBe('Robert"); DROP TABLE service_roles;--');
    expect(await knex.schema.hasTable('contract_values')).toBe(true);
    expect(await knex.schema.hasTable('service_roles')).toBe(true);
  });
});

/** ISO 8601 week number (weeks start on Monday; week 1 holds the year's first Thursday). */
function isoWeek(date: Date): number {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = new Date(Date.UTC(day.getUTCFullYear(), 0, 1));
  return Math.ceil(((day.getTime() - yearStart.getTime()) / 86_400_000 + 1) / 7);
}
