import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf } from '../setup/expect-error.js';
import { createConcealedFixture, expectNoSecret, SECRETS, type ConcealedFixture } from './concealed-fixture.js';

type Row = Record<string, unknown>;

/**
 * Threat: a concealed value written through the API lands in plain text in the audit trail (a revision's
 * `data` or `delta`, an activity row), where anyone who may read revisions reads it back. Checked both in what
 * is stored (the tables, read directly) and in what is served (/revisions, /activity), for creates, updates,
 * nested writes and users' own concealed fields.
 */
describe('concealed values in revisions and activity', () => {
  let t: TestApp;
  let f: ConcealedFixture;
  const ok = async (method: string, url: string, body?: unknown) => {
    const response = await t.request(method, url, { token: t.adminToken, body });
    expect(response.statusCode, response.body).toBe(200);
    return dataOf<Row>(response);
  };

  beforeAll(async () => {
    t = await createTestApp();
    f = await createConcealedFixture(t);
    await ok('PATCH', `/items/vault/${f.ids.alpha}`, { secret: 's3cret-gamma', pin: 'pin-beta-456', label: 'alpha' });
    await ok('POST', '/items/vault_notes', { body: 'nested', vault: { label: 'nested', secret: 's3cret-beta', pin: 'pin-alpha-123' } });
    await ok('PATCH', `/users/${f.reader.userId}`, {
      password: 'pin-alpha-123',
      token: 'static-token-of-reader',
      tfa_secret: 's3cret-alpha',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores no concealed value in service_revisions or service_activity', async () => {
    const revisions = (await t.app.knex('service_revisions').select('collection', 'data', 'delta')) as Row[];
    expect(revisions.some((r) => r.collection === 'vault')).toBe(true);
    const stored = JSON.stringify([revisions, await t.app.knex('service_activity').select('*')]);
    for (const secret of SECRETS) expect(stored).not.toContain(secret);
    expect(stored).not.toMatch(/\$argon2/);
    expect(stored).toContain('**********');
  });

  it('serves none through /revisions and /activity, to an administrator or a reader of revisions', async () => {
    const reader = await t.userWith({
      permissions: [
        { collection: 'service_revisions', action: 'read', fields: ['*'] },
        { collection: 'service_activity', action: 'read', fields: ['*'] },
      ],
    });
    for (const token of [t.adminToken, reader.token]) {
      for (const url of [
        '/revisions?fields=*,activity.*&limit=-1',
        '/activity?fields=*,revisions.*&limit=-1',
        '/revisions?export=csv&limit=-1',
      ]) {
        const response = await t.request('GET', url, { token });
        expect(response.statusCode, response.body).toBe(200);
        // `hidden` is not concealed: a revision holds the item as an administrator reads it.
        expectNoSecret(response, false);
      }
    }
  });
});
