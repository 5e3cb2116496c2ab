import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { seedCollections } from '../setup/seed-collections.js';
import { createFlow } from './flow-fixture.js';

/**
 * Several instances on one database: a flow changed on one is seen by the others at their next request (the
 * access version), and a schedule flow runs once per tick whichever instances check it.
 */
describe('flows across instances', () => {
  let t: TestApp;
  let others: App[];

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    others = [await createApp(t.app.config), await createApp(t.app.config)];
  });
  afterAll(async () => {
    for (const app of others) await app.close();
    await t.close();
  });

  const onOther = (method: 'GET' | 'PATCH', url: string) =>
    others[0]!.server.inject({ method, url, headers: { authorization: `Bearer ${t.adminToken}` } });

  it('sees a flow changed on another instance at its next request', async () => {
    const id = await createFlow(t, { name: 'Shared', trigger: 'webhook' }, [{ key: 'v', type: 'transform', options: { json: 'one' } }]);
    expect(dataOf(await onOther('GET', `/flows/trigger/${id}`))).toBe('one');
    const op = dataOf<{ id: string }[]>(await t.request('GET', `/operations?filter[flow][_eq]=${id}`, { token: t.adminToken }))[0]!;
    await t.request('PATCH', `/operations/${op.id}`, { token: t.adminToken, body: { options: { json: 'two' } } });
    expect(dataOf(await onOther('GET', `/flows/trigger/${id}`))).toBe('two');
    await t.request('PATCH', `/flows/${id}`, { token: t.adminToken, body: { status: 'inactive' } });
    expectError(await onOther('GET', `/flows/trigger/${id}`), 403, 'FORBIDDEN');
  });

  it('runs a schedule flow once per tick across three instances', async () => {
    await createFlow(t, { name: 'Every 5 s', trigger: 'schedule', options: { cron: '*/5 * * * * *' } }, [
      { key: 'note', type: 'item-create', options: { collection: 'comments', payload: { body: 'tick {{ $trigger.timestamp }}' } } },
    ]);
    const apps = [t.app, ...others];
    const tick = new Date('2030-01-01T00:00:05.000Z');
    const first = await Promise.all(apps.map((app) => app.flows.runDueSchedules(new Date(tick.getTime() + 200))));
    expect(first.reduce((a, b) => a + b, 0)).toBe(1);
    // The same tick again, anywhere: nothing more.
    const again = await Promise.all(apps.map((app) => app.flows.runDueSchedules(new Date(tick.getTime() + 900))));
    expect(again.reduce((a, b) => a + b, 0)).toBe(0);
    const next = await Promise.all(apps.map((app) => app.flows.runDueSchedules(new Date(tick.getTime() + 5_100))));
    expect(next.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await t.app.knex('comments').orderBy('id').pluck('body')).toEqual([
      'tick 2030-01-01T00:00:05.000Z',
      'tick 2030-01-01T00:00:10.000Z',
    ]);
  });
});
