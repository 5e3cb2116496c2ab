import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import type { CommandIo } from '../../src/cli/commands/command-io.js';
import { schemaApplyCommand } from '../../src/cli/commands/schema-apply.js';
import { schemaSnapshotCommand } from '../../src/cli/commands/schema-snapshot.js';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { createFlow } from './flow-fixture.js';

type Row = Record<string, unknown>;

/** Flows in schema snapshot, diff and apply behind `?flows=true` (decision 0077), off by default. */
describe('flows in schema snapshots', () => {
  let source: TestApp;
  let target: TestApp;
  let flow: string;
  const as = (t: TestApp) => (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });

  beforeAll(async () => {
    [source, target] = [await createTestApp(), await createTestApp()];
    flow = await createFlow(source, { name: 'Greeter', trigger: 'webhook', options: { method: 'POST' }, accountability: 'activity' }, [
      {
        key: 'check',
        type: 'condition',
        options: { filter: { $trigger: { body: { ok: { _eq: true } } } } },
        resolve: 'hello',
        reject: 'nobody',
      },
      { key: 'hello', type: 'transform', options: { json: { greeting: 'Hello {{ $trigger.body.name }}' } } },
      { key: 'nobody', type: 'throw-error', options: { message: 'Who are you?' } },
    ]);
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
  });

  const snapshotOf = async (t: TestApp, query = '') => dataOf<Row>(await as(t)('GET', `/schema/snapshot${query}`));

  it('leaves flows out of a snapshot unless asked, and takes them in with ?flows=true', async () => {
    expect(await snapshotOf(source)).not.toHaveProperty('flows');
    const snapshot = await snapshotOf(source, '?flows=true');
    const flows = snapshot.flows as Row[];
    const operations = snapshot.operations as Row[];
    expect(flows).toEqual([expect.objectContaining({ id: flow, name: 'Greeter', trigger: 'webhook', options: { method: 'POST' } })]);
    expect(flows[0]).not.toHaveProperty('date_created');
    expect(flows[0]).not.toHaveProperty('user_created');
    expect(operations.map((op) => op.key).sort()).toEqual(['check', 'hello', 'nobody']);
  });

  it('recreates flows and operations with their links on a fresh database (snapshot, diff, apply)', async () => {
    const snapshot = await snapshotOf(source, '?flows=true');
    const diff = await as(target)('POST', '/schema/diff?flows=true', snapshot);
    expect(diff.statusCode, diff.body).toBe(200);
    const body = dataOf<{ diff: { flows: Row[]; operations: Row[] } }>(diff);
    expect(body.diff.flows).toHaveLength(1);
    expect(body.diff.operations).toHaveLength(3);
    const applied = await as(target)('POST', '/schema/apply', dataOf(diff));
    expect(applied.statusCode, applied.body).toBe(204);
    // The same rows, links included, and the flow runs on the new instance.
    const again = await snapshotOf(target, '?flows=true');
    expect(again.flows).toEqual(snapshot.flows);
    expect(again.operations).toEqual(snapshot.operations);
    expect(dataOf(await target.request('POST', `/flows/trigger/${flow}`, { body: { name: 'Ann', ok: true } }))).toEqual({
      greeting: 'Hello Ann',
    });
    expectError(await target.request('POST', `/flows/trigger/${flow}`, { body: { ok: false } }), 400, 'INVALID_PAYLOAD');
    // Nothing left to do.
    expect((await as(target)('POST', '/schema/diff?flows=true', snapshot)).statusCode).toBe(204);
  });

  it('never touches flows without the option, and with it deletes those the snapshot does not have', async () => {
    const extra = await createFlow(target, { name: 'Only here', trigger: 'webhook' }, [
      { key: 'x', type: 'log', options: { message: 'x' } },
    ]);
    const snapshot = await snapshotOf(source, '?flows=true');
    // Without the option: the flows of the snapshot are ignored and nothing of the target's flows changes.
    expect((await as(target)('POST', '/schema/diff', snapshot)).statusCode).toBe(204);
    const changed = await as(target)('POST', '/schema/diff?flows=true', snapshot);
    const diff = dataOf<{ hash: string; diff: Row }>(changed);
    expect(diff.diff.flows).toEqual([{ id: extra, diff: [expect.objectContaining({ kind: 'D' })] }]);
    // An apply of a diff without flows leaves them (the flows keys are what carries the option).
    const { flows: _f, operations: _o, ...schemaOnly } = diff.diff;
    expect((await as(target)('POST', '/schema/apply', { hash: diff.hash, diff: schemaOnly })).statusCode).toBe(204);
    expect(dataOf<Row[]>(await as(target)('GET', `/flows?filter[id][_eq]=${extra}`))).toHaveLength(1);
    const dry = await as(target)('POST', '/schema/apply?dry_run=true', diff);
    expect(dataOf<Row>(dry).flows).toEqual(expect.arrayContaining([{ action: 'delete', kind: 'flow', id: extra }]));
    expect((await as(target)('POST', '/schema/apply', diff)).statusCode).toBe(204);
    expect(dataOf<Row[]>(await as(target)('GET', `/flows?filter[id][_eq]=${extra}`))).toEqual([]);
    expect(dataOf<Row[]>(await as(target)('GET', `/operations?filter[flow][_eq]=${extra}`))).toEqual([]);
  });

  it('applies a changed operation, and refuses a stale diff', async () => {
    const op = dataOf<Row[]>(await as(source)('GET', `/operations?filter[key][_eq]=hello&filter[flow][_eq]=${flow}`))[0]!;
    await as(source)('PATCH', `/operations/${String(op.id)}`, { options: { json: { greeting: 'Hi {{ $trigger.body.name }}' } } });
    const snapshot = await snapshotOf(source, '?flows=true');
    const diff = dataOf<{ hash: string; diff: { operations: Row[] } }>(await as(target)('POST', '/schema/diff?flows=true', snapshot));
    expect(diff.diff.operations).toEqual([
      { id: op.id, diff: [expect.objectContaining({ kind: 'E', path: ['options', 'json', 'greeting'] })] },
    ]);
    // The target's flows change meanwhile: the diff is stale.
    const other = await createFlow(target, { name: 'Meanwhile', trigger: 'webhook' });
    expectError(await as(target)('POST', '/schema/apply', diff), 400, 'INVALID_PAYLOAD');
    await as(target)('DELETE', `/flows/${other}`);
    expect((await as(target)('POST', '/schema/apply', diff)).statusCode).toBe(204);
    expect(dataOf(await target.request('POST', `/flows/trigger/${flow}`, { body: { name: 'Bo', ok: true } }))).toEqual({
      greeting: 'Hi Bo',
    });
  });

  it('refuses bad input with 400 and a non-administrator with 403', async () => {
    const plain = await snapshotOf(source);
    // The option needs the snapshot's flows: an absent list would delete them all.
    expectError(await as(target)('POST', '/schema/diff?flows=true', plain), 400, 'INVALID_PAYLOAD');
    expectError(
      await as(target)('POST', '/schema/diff?flows=true', { ...plain, flows: [{ name: 'no id' }], operations: [] }),
      400,
      'INVALID_PAYLOAD',
    );
    expectError(
      await as(target)('POST', '/schema/diff?flows=true', { ...plain, flows: [{ id: 'x', secret: 1 }], operations: [] }),
      400,
      'INVALID_PAYLOAD',
    );
    const hash = dataOf<{ hash: string }>(
      await as(target)('POST', '/schema/diff?flows=true', { ...plain, flows: [], operations: [] }),
    ).hash;
    expectError(
      await as(target)('POST', '/schema/apply', { hash, diff: { collections: [], fields: [], relations: [], flows: [{ id: 'x' }] } }),
      400,
      'INVALID_PAYLOAD',
    );
    expectError(
      await as(target)('POST', '/schema/apply', {
        hash,
        diff: {
          collections: [],
          fields: [],
          relations: [],
          flows: [{ id: '5d1c5a9e-0000-4000-8000-000000000000', diff: [{ kind: 'D', lhs: {} }] }],
        },
      }),
      400,
      'INVALID_PAYLOAD',
    );
    // A flow whose trigger is unknown is refused by the checks of flows, and nothing is applied.
    const bad = {
      ...plain,
      flows: [{ id: '5d1c5a9e-0000-4000-8000-000000000001', name: 'Bad', trigger: 'never', status: 'active' }],
      operations: [],
    };
    const badDiff = dataOf(await as(target)('POST', '/schema/diff?flows=true', bad));
    expectError(await as(target)('POST', '/schema/apply', badDiff), 400, 'INVALID_PAYLOAD');
    expect(dataOf<Row[]>(await as(target)('GET', '/flows?filter[name][_eq]=Bad'))).toEqual([]);
    const user = await target.userWith({ permissions: [{ collection: 'service_flows', action: 'read', fields: ['*'] }] });
    expectError(await target.request('GET', '/schema/snapshot?flows=true', { token: user.token }), 403, 'FORBIDDEN');
  });

  it('takes flows in and out on the command line with --flows only', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'stratum-flows-cli-'));
    const io = (t: TestApp): CommandIo => ({
      stdout: { write: () => true },
      stderr: { write: () => true },
      stdin: new PassThrough(),
      interactive: false,
      openApp: () => createApp(t.app.config),
    });
    try {
      const added = await createFlow(source, { name: 'From the CLI', trigger: 'webhook' }, [
        { key: 'v', type: 'transform', options: { json: 'cli' } },
      ]);
      const file = join(folder, 'with-flows.json');
      expect(await schemaSnapshotCommand(file, { format: 'json', flows: true }, io(source))).toBe(0);
      // Without --flows the file's flows are left alone.
      expect(await schemaApplyCommand(file, { yes: true }, io(target))).toBe(0);
      expect(dataOf<Row[]>(await as(target)('GET', `/flows?filter[id][_eq]=${added}`))).toEqual([]);
      expect(await schemaApplyCommand(file, { yes: true, flows: true }, io(target))).toBe(0);
      expect(dataOf(await target.request('GET', `/flows/trigger/${added}`))).toBe('cli');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
