import {
  createDirectus,
  createFlow,
  createOperation,
  deleteFlow,
  readFlow,
  readFlows,
  readOperations,
  rest,
  staticToken,
  triggerFlow,
  updateFlow,
  updateOperation,
} from '@directus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';

/** The flow commands of the official @directus/sdk against a listening server. */
describe('@directus/sdk flow commands', () => {
  let t: TestApp;
  let url = '';

  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates, reads, updates, triggers and deletes a flow and its operations', async () => {
    const client = createDirectus(url).with(staticToken(t.adminToken)).with(rest());
    const flow = await client.request(
      createFlow({ name: 'SDK flow', trigger: 'webhook', status: 'active', accountability: null, options: { method: 'POST' } }),
    );
    expect(flow).toMatchObject({ name: 'SDK flow', trigger: 'webhook' });
    const operation = await client.request(
      createOperation({
        flow: flow.id,
        key: 'echo',
        type: 'transform',
        position_x: 1,
        position_y: 1,
        options: { json: { hello: '{{ $trigger.body.name }}' } },
      }),
    );
    await client.request(updateFlow(flow.id, { operation: operation.id }));
    expect(await client.request(readFlow(flow.id, { fields: ['operation'] }))).toEqual({ operation: operation.id });
    expect(await client.request(readFlows({ filter: { name: { _eq: 'SDK flow' } }, fields: ['name'] }))).toEqual([{ name: 'SDK flow' }]);
    expect(await client.request(triggerFlow('POST', flow.id, { name: 'Ann' }))).toEqual({ hello: 'Ann' });
    await client.request(updateOperation(operation.id, { options: { json: { hello: 'again' } } }));
    expect(await client.request(triggerFlow('POST', flow.id, { name: 'Ann' }))).toEqual({ hello: 'again' });
    await client.request(deleteFlow(flow.id));
    expect(await client.request(readOperations({ filter: { flow: { _eq: flow.id } } }))).toEqual([]);
  });
});
