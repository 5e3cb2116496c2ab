import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { createFlow } from './flow-fixture.js';

type Row = Record<string, unknown>;

/**
 * The `trigger` operation's `iterationMode` and `batchSize`. The called flow sleeps through the test's own pause,
 * which counts the runs inside it at once: runs started together reach it before any pause ends (nothing waits
 * before it), so the highest count is how many ran at the same time, with no clock involved.
 */
describe('trigger operation: iteration modes', () => {
  let t: TestApp;
  let active = 0;
  let highest = 0;
  const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        flowSleep: async () => {
          active += 1;
          highest = Math.max(highest, active);
          await new Promise((resolve) => setImmediate(resolve));
          active -= 1;
        },
      },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const callWith = async (options: Row, items: unknown) => {
    const worker = await createFlow(t, { name: 'Worker', trigger: 'operation' }, [
      { key: 'nap', type: 'sleep', options: { milliseconds: 10 }, resolve: 'out' },
      { key: 'out', type: 'transform', options: { json: { n: '{{ $trigger.n }}' } } },
    ]);
    const caller = await createFlow(t, { name: 'Caller', trigger: 'webhook', options: { method: 'POST' } }, [
      { key: 'call', type: 'trigger', options: { flow: worker, payload: '{{ $trigger.body.items }}', ...options } },
    ]);
    highest = 0;
    return t.request('POST', `/flows/trigger/${caller}`, { body: { items } });
  };
  const items = [1, 2, 3, 4, 5].map((n) => ({ n }));
  const results = items.map(({ n }) => ({ n }));

  it('runs every element at once in parallel (the default), keeping the payload’s order', async () => {
    expect(dataOf(await callWith({}, items))).toEqual(results);
    expect(highest).toBe(5);
    expect(dataOf(await callWith({ iterationMode: 'parallel' }, items))).toEqual(results);
    expect(highest).toBe(5);
  });

  it('runs one element at a time in serial', async () => {
    expect(dataOf(await callWith({ iterationMode: 'serial' }, items))).toEqual(results);
    expect(highest).toBe(1);
  });

  it('runs batchSize elements at a time in batch, 10 by default', async () => {
    expect(dataOf(await callWith({ iterationMode: 'batch', batchSize: 2 }, items))).toEqual(results);
    expect(highest).toBe(2);
    expect(dataOf(await callWith({ iterationMode: 'batch', batchSize: '{{ $trigger.body.size }}' }, items))).toEqual(results);
    expect(highest).toBe(5);
  });

  it('parses a payload rendered to JSON text, and runs a single value once', async () => {
    expect(dataOf(await callWith({ payload: '[{"n": 7}, {"n": 8}]' }, null))).toEqual([{ n: 7 }, { n: 8 }]);
    expect(dataOf(await callWith({ payload: { n: 9 } }, null))).toEqual({ n: 9 });
  });

  it('refuses a bad iterationMode or batchSize when saved, and a rendered bad batchSize when run', async () => {
    const id = dataOf<Row>(await admin('POST', '/flows', { name: 'Bad trigger', trigger: 'operation' })).id;
    const op = (key: string, options: Row) => admin('POST', '/operations', { flow: id, key, type: 'trigger', options });
    expectError(await op('a', { flow: String(id), iterationMode: 'random' }), 400, 'INVALID_PAYLOAD');
    expectError(await op('b', { flow: String(id), iterationMode: 'batch', batchSize: 0 }), 400, 'INVALID_PAYLOAD');
    expectError(await op('c', { flow: String(id), iterationMode: 'batch', batchSize: 2.5 }), 400, 'INVALID_PAYLOAD');
    const bad = await callWith({ iterationMode: 'batch', batchSize: '{{ $trigger.body.items.0.n }}x' }, [{ n: 0 }]);
    expectError(bad, 400, 'INVALID_PAYLOAD');
  });

  it('fails the step when the called flow has no operation trigger', async () => {
    const hook = await createFlow(t, { name: 'Not callable', trigger: 'webhook' });
    const caller = await createFlow(t, { name: 'Calls hook', trigger: 'webhook' }, [
      { key: 'call', type: 'trigger', options: { flow: hook } },
    ]);
    expectError(await t.request('GET', `/flows/trigger/${caller}`), 400, 'INVALID_PAYLOAD');
  });
});
