import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireLease } from '../../src/engine/leases/acquire-lease.js';
import { pruneActivity } from '../../src/modules/activity/index.js';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf } from '../setup/expect-error.js';
import { seedCollections } from '../setup/seed-collections.js';
import { createFlow } from './flow-fixture.js';

type Row = Record<string, unknown>;
const DAY = 24 * 60 * 60 * 1000;

/**
 * The runs of a flow: recorded as activity (`run`) with a revision, pruned by FLOW_LOGS_RETENTION apart from other
 * activity, readable only by those who may read the flow, and never run twice when an instance stops mid-run.
 */
describe('flow runs', () => {
  let t: TestApp;
  const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });
  let flow: string;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    flow = await createFlow(t, { name: 'Logged', trigger: 'webhook', accountability: 'all' }, [
      { key: 'step', type: 'transform', options: { json: { answer: 42 } } },
    ]);
    other = await createFlow(t, { name: 'Other', trigger: 'webhook', accountability: 'all' }, [
      { key: 'step', type: 'transform', options: { json: { answer: 7 } } },
    ]);
    await t.request('GET', `/flows/trigger/${flow}`);
    await t.request('GET', `/flows/trigger/${other}`);
  });
  afterAll(async () => {
    await t.close();
  });

  const runsOf = async (token: string, id: string) => {
    const answer = await t.request('GET', `/activity?filter[action][_eq]=run&filter[item][_eq]=${id}&fields=item,revisions.data`, {
      token,
    });
    return { status: answer.statusCode, runs: answer.statusCode === 200 ? dataOf<Row[]>(answer) : [] };
  };
  const stepsOf = (runs: Row[]) => runs.flatMap((run) => (run.revisions as { data: { steps: Row[] } | null }[]).map((r) => r.data?.steps));

  it('lets a reader of the flow read its runs with their steps', async () => {
    const reader = await t.userWith({
      permissions: [
        { collection: 'service_flows', action: 'read', fields: ['*'] },
        { collection: 'service_activity', action: 'read', fields: ['*'] },
        { collection: 'service_revisions', action: 'read', fields: ['*'] },
      ],
    });
    const { status, runs } = await runsOf(reader.token, flow);
    expect(status).toBe(200);
    expect(stepsOf(runs)).toEqual([[expect.objectContaining({ key: 'step', data: { answer: 42 } })]]);
  });

  it('hides the runs’ data from a reader of activity and revisions who may not read the flow', async () => {
    const outsider = await t.userWith({
      permissions: [
        { collection: 'service_activity', action: 'read', fields: ['*'] },
        { collection: 'service_revisions', action: 'read', fields: ['*'] },
      ],
    });
    const { runs } = await runsOf(outsider.token, flow);
    // The step's data (`answer: 42`) appears nowhere (ids may contain the digits 42: look for the key).
    expect(JSON.stringify(runs)).not.toContain('"answer"');
    expect(stepsOf(runs)).toEqual([]);
    // A reader of some flows only sees the runs of those.
    const partial = await t.userWith({
      permissions: [
        { collection: 'service_flows', action: 'read', fields: ['*'], permissions: { name: { _eq: 'Other' } } },
        { collection: 'service_activity', action: 'read', fields: ['*'] },
        { collection: 'service_revisions', action: 'read', fields: ['*'] },
      ],
    });
    expect(stepsOf((await runsOf(partial.token, flow)).runs)).toEqual([]);
    expect(stepsOf((await runsOf(partial.token, other)).runs)).toEqual([[expect.objectContaining({ data: { answer: 7 } })]]);
    // Without a read of activity at all: refused.
    const none = await t.userWith({ permissions: [{ collection: 'service_flows', action: 'read', fields: ['*'] }] });
    expect((await runsOf(none.token, flow)).status).toBe(403);
  });

  it('prunes runs by FLOW_LOGS_RETENTION and other activity by ACTIVITY_RETENTION, each apart', async () => {
    const count = async (action: 'run' | 'other') => {
      const query = t.app.knex('service_activity');
      const rows = await (action === 'run' ? query.where('action', 'run') : query.whereNot('action', 'run')).count({ c: '*' }).first();
      return Number((rows as { c: unknown }).c);
    };
    const runs = await count('run');
    const others = await count('other');
    expect(runs).toBeGreaterThan(0);
    expect(others).toBeGreaterThan(0);
    const later = new Date(Date.now() + 10 * DAY);
    // Activity pruned, runs kept.
    const first = await pruneActivity(t.app.knex, t.app.dialect, { activity: DAY, revisions: null, flowLogs: 30 * DAY }, later);
    expect(first.activity).toBe(others);
    expect(await count('run')).toBe(runs);
    expect(await count('other')).toBe(0);
    // Runs pruned with their revisions.
    const revisions = t.app.knex('service_activity').where('action', 'run').select('id');
    const runRevisions = Number(
      ((await t.app.knex('service_revisions').whereIn('activity', revisions).count({ c: '*' }).first()) as { c: unknown }).c,
    );
    expect(runRevisions).toBeGreaterThan(0);
    const second = await pruneActivity(t.app.knex, t.app.dialect, { activity: null, revisions: null, flowLogs: DAY }, later);
    expect(second).toEqual({ activity: runs, revisions: runRevisions });
    expect(await count('run')).toBe(0);
  });

  it('does not run a schedule tick again when the instance that took it stopped mid-run', async () => {
    const id = await createFlow(t, { name: 'Nightly', trigger: 'schedule', options: { cron: '0 0 * * * *' } }, [
      { key: 'note', type: 'item-create', options: { collection: 'comments', payload: { body: 'ran {{ $trigger.timestamp }}' } } },
    ]);
    const tick = new Date('2031-01-01T00:00:00.000Z');
    // Another instance took the tick's lease, then died before its run finished: the tick is its, and no one
    // else's (at most once; a run cut short is not repeated).
    expect(
      await acquireLease(t.app.knex, { name: `flow-schedule:${id}`, holder: 'instance-that-died', ttlMs: 1, now: tick.getTime() }),
    ).toBe(true);
    expect(await t.app.flows.runDueSchedules(new Date(tick.getTime() + 500))).toBe(0);
    expect(await t.app.knex('comments').where('body', 'like', 'ran %').pluck('body')).toEqual([]);
    // The next tick runs as usual.
    const next = new Date(tick.getTime() + 60 * 60 * 1000);
    expect(await t.app.flows.runDueSchedules(new Date(next.getTime() + 500))).toBe(1);
    expect(await t.app.knex('comments').where('body', 'like', 'ran %').pluck('body')).toEqual([`ran ${next.toISOString()}`]);
    await admin('DELETE', `/flows/${id}`);
  });

  it('finishes an async webhook run before the instance closes', async () => {
    const own = await createTestApp({}, { flowSleep: () => new Promise((resolve) => setImmediate(resolve)) });
    try {
      await seedCollections(own.app);
      const id = await createFlow(own, { name: 'Later', trigger: 'webhook', options: { async: true } }, [
        { key: 'nap', type: 'sleep', options: { milliseconds: 10 }, resolve: 'note' },
        { key: 'note', type: 'item-create', options: { collection: 'comments', permissions: '$full', payload: { body: 'finished' } } },
      ]);
      expect((await own.request('GET', `/flows/trigger/${id}`)).statusCode).toBe(204);
      await own.app.flows.settled();
      expect(await own.app.knex('comments').where({ body: 'finished' }).pluck('body')).toEqual(['finished']);
    } finally {
      await own.close();
    }
  });
});
