import { describe, expect, it } from 'vitest';
import type { Context } from '../../engine/context.js';
import { invalidPayload } from '../../kernel/errors/index.js';
import type { FlowOperation, LoadedFlow, OperationType, RunScope } from './flows.types.js';
import { OperationFailure } from './operation-failure.js';
import { pickResult } from './pick-result.js';
import { runFlow } from './run-flow.js';

const op = (
  id: string,
  type: string,
  options: Record<string, unknown> = {},
  resolve: string | null = null,
  reject: string | null = null,
): FlowOperation => ({
  id,
  key: id,
  type,
  options,
  resolve,
  reject,
});

const flowOf = (operations: FlowOperation[]): LoadedFlow => ({
  id: 'f',
  name: 'f',
  trigger: 'operation',
  accountability: null,
  options: {},
  first: operations[0]?.id ?? null,
  operations: new Map(operations.map((o) => [o.id, o])),
});

const types = new Map<string, OperationType>([
  ['echo', { validate: () => null, run: (options) => Promise.resolve(options.value) }],
  ['fail', { validate: () => null, run: () => Promise.reject(new OperationFailure('failed on purpose', { why: 'test' })) }],
  ['app-error', { validate: () => null, run: () => Promise.reject(invalidPayload('bad')) }],
  ['bug', { validate: () => null, run: () => Promise.reject(new Error('SELECT secret FROM internals')) }],
]);

const scope = (flow: LoadedFlow): RunScope => ({
  ctx: {} as Context,
  flow,
  depth: 0,
  secrets: new Set(),
  data: { $trigger: { n: 2 }, $last: { n: 2 } },
});

describe('runFlow', () => {
  it('fills templates from the chain, keeps each result under its key and in $last, and follows resolve', async () => {
    const flow = flowOf([op('a', 'echo', { value: '{{ $trigger.n }}' }, 'b'), op('b', 'echo', { value: 'got {{ a }}' })]);
    const run = await runFlow(scope(flow), types, 10);
    expect(run.failure).toBeUndefined();
    expect(run.data).toMatchObject({ a: 2, b: 'got 2', $last: 'got 2' });
    expect(run.steps.map((s) => [s.key, s.status])).toEqual([
      ['a', 'resolve'],
      ['b', 'resolve'],
    ]);
  });

  it('follows reject with the failure in the chain, and ends on a failure when nothing follows', async () => {
    const recovered = await runFlow(scope(flowOf([op('a', 'fail', {}, null, 'b'), op('b', 'echo', { value: '{{ a.why }}' })])), types, 10);
    expect(recovered.failure).toBeUndefined();
    expect(recovered.data.$last).toBe('test');
    const ended = await runFlow(scope(flowOf([op('a', 'fail')])), types, 10);
    expect(ended.failure).toBeInstanceOf(OperationFailure);
  });

  it('keeps a catalogue error’s message but never another error’s text', async () => {
    const app = await runFlow(scope(flowOf([op('a', 'app-error')])), types, 10);
    expect(app.data.a).toEqual({ message: expect.stringContaining('bad') as unknown, code: 'INVALID_PAYLOAD' });
    const bug = await runFlow(scope(flowOf([op('a', 'bug')])), types, 10);
    expect(bug.data.a).toEqual({ message: 'The operation failed' });
  });

  it('fails an unknown type (an operation saved before a type went away) and stops a cycle at the bound', async () => {
    expect((await runFlow(scope(flowOf([op('a', 'gone')])), types, 10)).failure).toBeInstanceOf(OperationFailure);
    const cycle = await runFlow(scope(flowOf([op('a', 'echo', {}, 'b'), op('b', 'echo', {}, 'a')])), types, 7);
    expect(cycle.steps).toHaveLength(7);
    expect(String((cycle.failure as Error).message)).toContain('more than 7');
  });
});

describe('pickResult', () => {
  it('answers $last, a key, or everything but $env', () => {
    const data = { $last: 1, a: 2, $env: { SECRET: 'x' } };
    expect(pickResult(data, undefined)).toBe(1);
    expect(pickResult(data, 'a')).toBe(2);
    expect(pickResult(data, '$env')).toBe(1);
    expect(pickResult(data, '$all')).toEqual({ $last: 1, a: 2 });
  });
});
