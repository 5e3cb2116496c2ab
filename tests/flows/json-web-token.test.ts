import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { dataOf, expectError } from '../setup/expect-error.js';
import { createFlow } from './flow-fixture.js';

type Row = Record<string, unknown>;

const SECRET = 'flow-signing-secret-4f1b9c';

/** The `json-web-token` operation: sign, verify and decode with Directus's options; its secret never recorded. */
describe('json-web-token operation', () => {
  let t: TestApp;
  const admin = (method: string, url: string, body?: unknown) => t.request(method, url, { token: t.adminToken, body });
  let signer: string;
  let verifier: string;

  beforeAll(async () => {
    t = await createTestApp();
    signer = await createFlow(t, { name: 'Sign', trigger: 'webhook', accountability: 'all', options: { method: 'POST' } }, [
      {
        key: 'token',
        type: 'json-web-token',
        options: {
          operation: 'sign',
          payload: { sub: '{{ $trigger.body.who }}', role: 'reader' },
          secret: SECRET,
          options: '{{ $trigger.body.options }}',
        },
        resolve: 'note',
      },
      { key: 'note', type: 'log', options: { message: 'signed with ' + SECRET }, resolve: 'out' },
      { key: 'out', type: 'transform', options: { json: '{{ token }}' } },
    ]);
    verifier = await createFlow(t, { name: 'Verify', trigger: 'webhook', options: { method: 'POST' } }, [
      {
        key: 'check',
        type: 'json-web-token',
        options: {
          operation: 'verify',
          token: '{{ $trigger.body.token }}',
          secret: '{{ $trigger.body.secret }}',
          options: { issuer: 'stratum' },
        },
      },
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  const sign = async (options: Row = {}) =>
    dataOf<string>(
      await t.request('POST', `/flows/trigger/${signer}`, { body: { who: 'ann', options: { issuer: 'stratum', ...options } } }),
    );

  it('signs a payload and verifies it back with the same secret', async () => {
    const token = await sign({ expiresIn: '1h' });
    expect(token.split('.')).toHaveLength(3);
    const payload = dataOf<Row>(await t.request('POST', `/flows/trigger/${verifier}`, { body: { token, secret: SECRET } }));
    expect(payload).toMatchObject({ sub: 'ann', role: 'reader', iss: 'stratum' });
    expect(Number(payload.exp) - Number(payload.iat)).toBe(3600);
  });

  it('fails verify (400, the reject path) on a wrong secret, an expired token, another issuer or text that is no token', async () => {
    const token = await sign();
    expectError(await t.request('POST', `/flows/trigger/${verifier}`, { body: { token, secret: 'wrong' } }), 400, 'INVALID_PAYLOAD');
    const expired = await sign({ expiresIn: -10 });
    const late = expectError(
      await t.request('POST', `/flows/trigger/${verifier}`, { body: { token: expired, secret: SECRET } }),
      400,
      'INVALID_PAYLOAD',
    );
    expect(late.message).toContain('exp');
    const other = dataOf<string>(
      await t.request('POST', `/flows/trigger/${signer}`, { body: { who: 'ann', options: { issuer: 'elsewhere' } } }),
    );
    expectError(await t.request('POST', `/flows/trigger/${verifier}`, { body: { token: other, secret: SECRET } }), 400, 'INVALID_PAYLOAD');
    expectError(
      await t.request('POST', `/flows/trigger/${verifier}`, { body: { token: 'not.a.token', secret: SECRET } }),
      400,
      'INVALID_PAYLOAD',
    );
    // An unsigned token ("alg": "none") is never accepted.
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"iss":"stratum"}').toString('base64url')}.`;
    expectError(await t.request('POST', `/flows/trigger/${verifier}`, { body: { token: none, secret: SECRET } }), 400, 'INVALID_PAYLOAD');
  });

  it('decodes without checking, and answers null for text that is no token', async () => {
    const decoder = await createFlow(t, { name: 'Decode', trigger: 'webhook', options: { method: 'POST' } }, [
      {
        key: 'd',
        type: 'json-web-token',
        options: { operation: 'decode', token: '{{ $trigger.body.token }}', options: { complete: true } },
        resolve: 'out',
      },
      { key: 'out', type: 'transform', options: { json: { decoded: '{{ d }}' } } },
    ]);
    const token = await sign();
    const decoded = dataOf<Row>(await t.request('POST', `/flows/trigger/${decoder}`, { body: { token } }));
    expect(decoded.decoded).toMatchObject({ header: { alg: 'HS256', typ: 'JWT' }, payload: { sub: 'ann' } });
    expect(dataOf(await t.request('POST', `/flows/trigger/${decoder}`, { body: { token: 'nonsense' } }))).toEqual({ decoded: null });
  });

  it('signs with an RSA private key and verifies with its public key', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    const id = await createFlow(t, { name: 'RSA', trigger: 'webhook', options: { method: 'POST' } }, [
      {
        key: 's',
        type: 'json-web-token',
        options: { operation: 'sign', payload: { n: 1 }, secret: privateKey, options: { algorithm: 'RS256' } },
        resolve: 'v',
      },
      {
        key: 'v',
        type: 'json-web-token',
        options: { operation: 'verify', token: '{{ s }}', secret: publicKey, options: { algorithms: ['RS256'] } },
      },
    ]);
    expect(dataOf(await t.request('POST', `/flows/trigger/${id}`, { body: {} }))).toMatchObject({ n: 1 });
  });

  it('never records the secret in the run log, nor where a later step copied it', async () => {
    await sign();
    const runs = t.app.knex('service_activity').where({ action: 'run', item: signer }).select('id');
    const revisions = await t.app.knex('service_revisions').whereIn('activity', runs);
    expect(revisions.length).toBeGreaterThan(0);
    const text = JSON.stringify(revisions);
    expect(text).not.toContain(SECRET);
    expect(text).toContain('ann');
  });

  it('refuses bad options when saved (400) and a non-administrator without a grant (403)', async () => {
    const id = dataOf<Row>(await admin('POST', '/flows', { name: 'Bad JWT', trigger: 'operation' })).id;
    const op = (key: string, options: Row) => admin('POST', '/operations', { flow: id, key, type: 'json-web-token', options });
    expectError(await op('a', { operation: 'encrypt', token: 'x', secret: 's' }), 400, 'INVALID_PAYLOAD');
    expectError(await op('b', { operation: 'sign', payload: { a: 1 } }), 400, 'INVALID_PAYLOAD');
    expectError(await op('c', { operation: 'verify', secret: 's' }), 400, 'INVALID_PAYLOAD');
    expectError(
      await op('d', { operation: 'sign', payload: { a: 1 }, secret: 's', options: { algorithm: 'none' } }),
      400,
      'INVALID_PAYLOAD',
    );
    expect((await op('e', { operation: 'decode', token: '{{ $trigger.t }}' })).statusCode).toBe(200);
    const user = await t.userWith({ appAccess: true });
    const refused = await t.request('POST', '/operations', {
      token: user.token,
      body: { flow: id, key: 'f', type: 'json-web-token', options: { operation: 'decode', token: 'x' } },
    });
    expectError(refused, 403, 'FORBIDDEN');
  });
});
