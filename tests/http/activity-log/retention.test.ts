import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneActivity } from '../../../src/modules/activity/index.js';
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
    const kept = await pruneActivity(t.app.knex, t.app.dialect, { activity: 90 * DAY, revisions: 90 * DAY }, now);
    expect(kept).toEqual({ activity: 0, revisions: 0 });
    expect(await count('service_activity')).toBe(activityBefore);

    // A fake clock a hundred days ahead: every row is now older than the window.
    const later = new Date(now.getTime() + 100 * DAY);
    const pruned = await pruneActivity(t.app.knex, t.app.dialect, { activity: 90 * DAY, revisions: 90 * DAY }, later);
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

    expect(await pruneActivity(t.app.knex, t.app.dialect, { activity: null, revisions: null }, later)).toEqual({ activity: 0, revisions: 0 });
    const result = await pruneActivity(t.app.knex, t.app.dialect, { activity: null, revisions: DAY }, later);
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
    const result = await pruneActivity(t.app.knex, t.app.dialect, { activity: 90 * DAY, revisions: null }, new Date());
    expect(result.activity).toBe(1200);
  });
});
