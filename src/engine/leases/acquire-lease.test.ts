import { beforeEach, describe, expect, it } from 'vitest';
import { runMigrations } from '../../database/migrations/run-migrations.js';
import { useMemoryDatabase } from '../../../tests/support/memory-database.js';
import { acquireLease } from './acquire-lease.js';

const db = useMemoryDatabase();

describe('acquireLease', () => {
  beforeEach(async () => {
    await runMigrations(db.knex, db.dialect);
  });
  const take = (holder: string, now: number) => acquireLease(db.knex, { name: 'job', holder, ttlMs: 1_000, now });

  it('gives a free lease to the first holder and refuses it to others until it expires', async () => {
    expect(await take('a', 10_000)).toBe(true);
    expect(await take('b', 10_500)).toBe(false);
    expect(await take('b', 10_999)).toBe(false);
    // Holder a died: its time is up, b carries on.
    expect(await take('b', 11_000)).toBe(true);
    expect(await take('a', 11_500)).toBe(false);
  });

  it('lets the holder renew its own lease', async () => {
    expect(await take('a', 10_000)).toBe(true);
    expect(await take('a', 10_800)).toBe(true);
    // Renewed until 11_800.
    expect(await take('b', 11_500)).toBe(false);
    expect(await take('b', 11_800)).toBe(true);
  });

  it('keeps leases of different names apart', async () => {
    expect(await take('a', 10_000)).toBe(true);
    expect(await acquireLease(db.knex, { name: 'other', holder: 'b', ttlMs: 1_000, now: 10_000 })).toBe(true);
  });
});
