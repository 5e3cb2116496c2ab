import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';

describe('a bootstrapped app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /users/me for the administrator', async () => {
    const response = await t.request('GET', '/users/me?fields=email,role.name', { token: t.adminToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { email: 'admin@example.com', role: { name: 'Administrator' } } });
  });

  it('refuses /users to an anonymous caller with 403', async () => {
    const response = await t.request('GET', '/users');
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].extensions.code).toBe('FORBIDDEN');
  });
});

describe('SEARCH', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads with the query in the body', async () => {
    const response = await t.request('SEARCH', '/users', {
      token: t.adminToken,
      body: { query: { fields: ['email'], filter: { email: { _eq: 'admin@example.com' } } } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [{ email: 'admin@example.com' }] });
  });

  it('refuses a body with neither query nor keys', async () => {
    const response = await t.request('SEARCH', '/users', { token: t.adminToken, body: { nope: 1 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].extensions.code).toBe('INVALID_PAYLOAD');
  });
});
