import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { LEASES_TABLE as RETENTION_LEASE_TABLE } from '../../../src/database/migrations/index.js';
import { createRetentionRun, pruneActivity, RETENTION_LEASE } from '../../../src/modules/activity/index.js';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';

const DAY = 24 * 60 * 60 * 1000;

describe('activity retention', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const count = async (table: string) => Number(((await t.app.knex(table).count({ c: '*' }).first()) as { c: unknown }).c);

  it('keeps everything younger than the window and deletes older rows with their revisions', async () => {
    const activityBefore = await count('service_activity');
    const revisionsBefore = await count('service_revisions');
    expect(activityBefore).toBeGreaterThan(0);
    expect(revisionsBefore).toBeGreaterThan(0);

    const now = new Date();
    const kept = await pruneActivity(t.app.knex, t.app.dialect, { activity: 90 * DAY, revisions: 90 * DAY, flowLogs: 90 * DAY }, now);
    expect(kept).toEqual({ activity: 0, revisions: 0 });
    expect(await count('service_activity')).toBe(activityBefore);

    // A fake clock a hundred days ahead: every row is now older than the window.
    const later = new Date(now.getTime() + 100 * DAY);
    const pruned = await pruneActivity(t.app.knex, t.app.dialect, { activity: 90 * DAY, revisions: 90 * DAY, flowLogs: 90 * DAY }, later);
    expect(pruned.activity).toBe(activityBefore);
    expect(pruned.revisions).toBe(revisionsBefore);
    expect(await count('service_activity')).toBe(0);
    expect(await count('service_revisions')).toBe(0);
  });

  it('prunes only revisions when activity is kept, and nothing when both are off', async () => {
    await t.request('POST', '/roles', { token: t.adminToken, body: { name: 'Editors' } });
    const activity = await count('service_activity');
    const revisions = await count('service_revisions');
    expect(revisions).toBeGreaterThan(0);
    const later = new Date(Date.now() + 10 * DAY);

    expect(await pruneActivity(t.app.knex, t.app.dialect, { activity: null, revisions: null, flowLogs: null }, later)).toEqual({
      activity: 0,
      revisions: 0,
    });
    const result = await pruneActivity(t.app.knex, t.app.dialect, { activity: null, revisions: DAY, flowLogs: null }, later);
    expect(result).toEqual({ activity: 0, revisions });
    expect(await count('service_activity')).toBe(activity);
    expect(await count('service_revisions')).toBe(0);
  });

  it('works in batches: more rows than one batch are all pruned', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => ({
      action: 'login',
      collection: 'service_users',
      item: String(i),
      timestamp: t.app.dialect.toDatabase('timestamp', new Date(Date.now() - 200 * DAY).toISOString()),
    }));
    for (let i = 0; i < rows.length; i += 200) await t.app.knex('service_activity').insert(rows.slice(i, i + 200));
    const result = await pruneActivity(t.app.knex, t.app.dialect, { activity: 90 * DAY, revisions: null, flowLogs: null }, new Date());
    expect(result.activity).toBe(1200);
  });
});

describe('activity retention across instances', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('prunes on one instance at a time: the lease holder prunes, the others skip until the lease expires', async () => {
    const oldRow = () => ({
      action: 'login',
      collection: 'service_users',
      item: '1',
      timestamp: t.app.dialect.toDatabase('timestamp', new Date(Date.now() - 200 * DAY).toISOString()),
    });
    const base = {
      knex: t.app.knex,
      dialect: t.app.dialect,
      retention: { activity: 90 * DAY, revisions: null, flowLogs: null },
      logger: pino({ level: 'silent' }),
    };
    let clock = Date.now();
    const deps = { ...base, now: () => new Date(clock) };
    // Two instances over the one database.
    const a = createRetentionRun(deps, 'instance-a');
    const b = createRetentionRun(deps, 'instance-b');

    await t.app.knex('service_activity').insert([oldRow(), oldRow()]);
    expect((await a())?.activity).toBeGreaterThanOrEqual(2);
    await t.app.knex('service_activity').insert(oldRow());
    expect(await b()).toBeNull();
    // a renews its own lease on its next run.
    expect(await a()).toEqual({ activity: 1, revisions: 0 });

    // a died: once its lease (under an hour) is over, b carries on.
    clock += 60 * 60 * 1000;
    await t.app.knex('service_activity').insert(oldRow());
    expect(await b()).toEqual({ activity: 1, revisions: 0 });
    expect(await a()).toBeNull();
    expect(await t.app.knex(RETENTION_LEASE_TABLE).where({ name: RETENTION_LEASE }).first()).toMatchObject({ holder: 'instance-b' });
  });
});
