import { createDirectus, readExtensions, rest, staticToken } from '@directus/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';

/** `/extensions`: Stratum has none; Directus clients get Directus's answers. */
describe('/extensions', () => {
  let t: TestApp;
  let url = '';
  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers the SDK's readExtensions with an empty list, for an administrator and a plain user", async () => {
    expect(await createDirectus(url).with(staticToken(t.adminToken)).with(rest()).request(readExtensions())).toEqual([]);
    const user = (await t.userWith({})).token;
    const response = await t.request('GET', '/extensions', { token: user });
    expect([response.statusCode, response.json()]).toEqual([200, { data: [] }]);
  });

  it('refuses a public caller with 403 FORBIDDEN', async () => {
    const response = await t.request('GET', '/extensions');
    expect([response.statusCode, response.json().errors[0].extensions.code]).toEqual([403, 'FORBIDDEN']);
  });

  it('refuses every change (there is no extension to change) with 403, and a bad body with 400', async () => {
    const change = await t.request('PATCH', '/extensions/00000000-0000-4000-8000-000000000000', {
      token: t.adminToken,
      body: { meta: { enabled: false } },
    });
    expect([change.statusCode, change.json().errors[0].extensions.code]).toEqual([403, 'FORBIDDEN']);
    const malformed = await t.request('PATCH', '/extensions/x', { token: t.adminToken, body: '{"meta":' });
    expect(malformed.statusCode).toBe(400);
  });
});
