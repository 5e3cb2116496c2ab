import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { countRows } from '../../setup/seed-collections.js';

type Row = Record<string, unknown>;

describe('/settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads the settings object (not an array)', async () => {
    const response = await t.request('GET', '/settings', { token: t.adminToken });
    expect(response.statusCode).toBe(200);
    const settings = dataOf<Row>(response);
    expect(Array.isArray(settings)).toBe(false);
    expect(settings).toMatchObject({ project_name: 'Stratum', auth_login_attempts: 25, default_language: 'en-US' });
  });

  it('updates with PATCH and keeps a single row', async () => {
    const response = await t.request('PATCH', '/settings', {
      token: t.adminToken,
      body: { project_name: 'Renamed', project_color: '#123456' },
    });
    expect(response.statusCode).toBe(200);
    expect(dataOf(response)).toMatchObject({ project_name: 'Renamed', project_color: '#123456' });
    expect(dataOf(await t.request('GET', '/settings?fields=project_name', { token: t.adminToken }))).toEqual({ project_name: 'Renamed' });
    expect(await countRows(t.app, 'service_settings')).toBe(1);
  });

  it('validates values by type', async () => {
    expectError(
      await t.request('PATCH', '/settings', { token: t.adminToken, body: { auth_login_attempts: 'many' } }),
      400,
      'INVALID_PAYLOAD',
    );
    expectError(await t.request('PATCH', '/settings', { token: t.adminToken, body: { nope: 1 } }), 400, 'INVALID_PAYLOAD');
  });

  it('has no create or delete routes', async () => {
    expect((await t.request('POST', '/settings', { token: t.adminToken, body: { project_name: 'x' } })).statusCode).toBe(404);
    expect((await t.request('DELETE', '/settings', { token: t.adminToken, body: [1] })).statusCode).toBe(404);
    expect(await countRows(t.app, 'service_settings')).toBe(1);
  });

  it('lets an app user read the public subset but not update, and refuses the public', async () => {
    const user = await t.userWith({ appAccess: true });
    const read = await t.request('GET', '/settings', { token: user.token });
    expect(read.statusCode).toBe(200);
    expect(dataOf(read)).toHaveProperty('project_name');
    expect(dataOf(read)).not.toHaveProperty('auth_login_attempts');
    expectError(await t.request('PATCH', '/settings', { token: user.token, body: { project_name: 'Hacked' } }), 403, 'FORBIDDEN');
    expectError(await t.request('GET', '/settings'), 403, 'FORBIDDEN');
    expect((await t.app.knex('service_settings').first()).project_name).not.toBe('Hacked');
  });
});
