import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './index.js';
import type { Migration } from './migration.types.js';
import { pendingMigrations, runMigrations } from './run-migrations.js';
import { useMemoryDatabase } from '../../../tests/support/memory-database.js';

const db = useMemoryDatabase();

const createNotes: Migration = {
  version: '20990101A',
  name: 'create-notes',
  async up(db) {
    await db.schema.createTable('notes', (table) => table.increments('id'));
  },
};

const failing: Migration = {
  version: '20990102A',
  name: 'half-done',
  async up(db) {
    await db.schema.createTable('half_done', (table) => table.increments('id'));
    throw new Error('migration failed');
  },
};

describe('runMigrations', () => {
  it('applies pending migrations in version order and records them', async () => {
    const ours = MIGRATIONS.map((m) => m.version);
    expect(await runMigrations(db.knex, db.dialect, [createNotes, ...MIGRATIONS])).toEqual([...ours, '20990101A']);
    expect(await db.knex.schema.hasTable('notes')).toBe(true);
    const rows = (await db.knex('service_migrations').orderBy('version')) as { version: string; name: string; timestamp: string }[];
    expect(rows.map((r) => [r.version, r.name])).toEqual([...MIGRATIONS.map((m) => [m.version, m.name]), ['20990101A', 'create-notes']]);
    expect(rows[0]).toMatchObject({ version: '20261122A', name: 'create-system-tables' });
    expect(rows[0]?.timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('skips what is recorded', async () => {
    await runMigrations(db.knex, db.dialect);
    expect(await pendingMigrations(db.knex, [...MIGRATIONS, createNotes])).toEqual([createNotes]);
    expect(await runMigrations(db.knex, db.dialect, [...MIGRATIONS, createNotes])).toEqual(['20990101A']);
    expect(await runMigrations(db.knex, db.dialect, [...MIGRATIONS, createNotes])).toEqual([]);
  });

  it('rolls a failed migration back when DDL is transactional', async () => {
    await runMigrations(db.knex, db.dialect);
    await expect(runMigrations(db.knex, db.dialect, [...MIGRATIONS, failing])).rejects.toThrow('migration failed');
    expect(await db.knex.schema.hasTable('half_done')).toBe(false);
    expect(await pendingMigrations(db.knex, [...MIGRATIONS, failing])).toEqual([failing]);
  });
});
