import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';

describe('/utils/hash and /utils/random', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('generates an argon2 hash that verifies against the string and not against another (anyone may call them, as in Directus)', async () => {
    const generated = await t.request('POST', '/utils/hash/generate', { body: { string: 'Hello World!' } });
    expect(generated.statusCode).toBe(200);
    const hash = dataOf<string>(generated);
    expect(hash).toMatch(/^\$argon2id\$/);

    const yes = await t.request('POST', '/utils/hash/verify', { body: { string: 'Hello World!', hash } });
    expect(yes.statusCode).toBe(200);
    expect(yes.json()).toEqual({ data: true });
    const no = await t.request('POST', '/utils/hash/verify', { token: t.adminToken, body: { string: 'Hello World?', hash } });
    expect(no.json()).toEqual({ data: false });
  });

  const badHashBodies: { name: string; url: string; body: unknown; reason: string }[] = [
    { name: 'generate without string', url: '/utils/hash/generate', body: {}, reason: '"string" is required' },
    { name: 'generate with an empty string', url: '/utils/hash/generate', body: { string: '' }, reason: '"string" is required' },
    { name: 'generate with a number', url: '/utils/hash/generate', body: { string: 42 }, reason: '"string" must be a string' },
    { name: 'generate with an array body', url: '/utils/hash/generate', body: ['x'], reason: '"string" is required' },
    { name: 'verify without hash', url: '/utils/hash/verify', body: { string: 'x' }, reason: '"hash" is required' },
    {
      name: 'verify without string',
      url: '/utils/hash/verify',
      body: { hash: '$argon2id$v=19$m=65536,t=3,p=4$abc$def' },
      reason: '"string" is required',
    },
    {
      name: 'verify with an object hash',
      url: '/utils/hash/verify',
      body: { string: 'x', hash: { a: 1 } },
      reason: '"hash" must be a string',
    },
    {
      name: 'verify with a hash that is no argon2 hash',
      url: '/utils/hash/verify',
      body: { string: 'x', hash: 'md5:abc' },
      reason: 'Invalid "hash" or "string"',
    },
  ];
  for (const c of badHashBodies) {
    it(`answers 400 INVALID_PAYLOAD: ${c.name}`, async () => {
      const error = expectError(await t.request('POST', c.url, { body: c.body }), 400, 'INVALID_PAYLOAD');
      expect(error.extensions.reason).toBe(c.reason);
    });
  }

  it('answers a random string of 32 characters by default and of the requested length', async () => {
    const plain = await t.request('GET', '/utils/random/string');
    expect(plain.statusCode).toBe(200);
    expect(dataOf<string>(plain)).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(dataOf<string>(await t.request('GET', '/utils/random/string?length=10', { token: t.adminToken }))).toHaveLength(10);
    expect(dataOf<string>(await t.request('GET', '/utils/random/string?length=500'))).toHaveLength(500);
  });

  for (const length of ['0', '501', '-1', '1.5', 'ten']) {
    it(`answers 400 INVALID_QUERY for length=${length}`, async () => {
      const error = expectError(await t.request('GET', `/utils/random/string?length=${length}`), 400, 'INVALID_QUERY');
      expect(error.extensions.reason).toBe('"length" must be a whole number from 1 to 500');
    });
  }
});
