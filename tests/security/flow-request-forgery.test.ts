import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFlow } from '../flows/flow-fixture.js';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';

/**
 * SSRF through a flow's `request` operation: a flow (even an administrator's) never reaches the server's own
 * network unless FLOWS_REQUEST_IP_ALLOW_LIST says so; the refusal follows the operation's reject path.
 */
describe("a flow's request operation and the server's own network", () => {
  let t: TestApp;
  let server: Server;
  let port: number;
  let hits = 0;

  beforeAll(async () => {
    server = createServer((_request, response) => {
      hits += 1;
      response.end('internal secret');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it.each(['127.0.0.1', 'localhost', '[::ffff:127.0.0.1]', '2130706433'])('refuses http://%s and follows reject', async (host) => {
    const id = await createFlow(t, { name: `SSRF ${host}`, trigger: 'webhook' }, [
      { key: 'fetch', type: 'request', options: { url: `http://${host}:${port}/`, method: 'GET' }, reject: 'caught' },
      { key: 'caught', type: 'transform', options: { json: { refused: '{{ fetch.message }}' } } },
    ]);
    const answer = dataOf<{ refused: string }>(await t.request('GET', `/flows/trigger/${id}`, { token: t.adminToken }));
    expect(answer.refused).toContain('not allowed');
    expect(hits).toBe(0);
  });

  it('fails the webhook when no reject path follows, without the target’s answer', async () => {
    const id = await createFlow(t, { name: 'SSRF bare', trigger: 'webhook' }, [
      { key: 'fetch', type: 'request', options: { url: `http://169.254.169.254/latest/meta-data/` } },
    ]);
    const refused = await t.request('GET', `/flows/trigger/${id}`, { token: t.adminToken });
    expectError(refused, 400, 'INVALID_PAYLOAD');
    expect(refused.body).not.toContain('internal secret');
  });

  it('refuses a request operation without a url when saved', async () => {
    const id = await createFlow(t, { name: 'No url', trigger: 'webhook' });
    expectError(
      await t.request('POST', '/operations', { token: t.adminToken, body: { flow: id, key: 'r', type: 'request', options: {} } }),
      400,
      'INVALID_PAYLOAD',
    );
  });
});
