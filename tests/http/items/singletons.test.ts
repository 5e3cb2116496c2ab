import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { dataOf, expectError } from '../../setup/expect-error.js';
import { countRows, seedCollections } from '../../setup/seed-collections.js';

describe('a user singleton (/items/home)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  describe('a user singleton under /items', () => {
    it('answers the field defaults before anything is saved', async () => {
      const response = await t.request('GET', '/items/home', { token: t.adminToken });
      expect(response.statusCode).toBe(200);
      expect(dataOf(response)).toMatchObject({ headline: null, intro: null });
    });

    it('creates the row on the first PATCH and updates it afterwards', async () => {
      const first = await t.request('PATCH', '/items/home', { token: t.adminToken, body: { headline: 'Welcome' } });
      expect(first.statusCode).toBe(200);
      expect(dataOf(first)).toMatchObject({ headline: 'Welcome' });
      const second = await t.request('PATCH', '/items/home', { token: t.adminToken, body: { intro: 'Hi' } });
      expect(dataOf(second)).toMatchObject({ headline: 'Welcome', intro: 'Hi' });
      expect(await countRows(t.app, 'home')).toBe(1);
      expect(dataOf(await t.request('GET', '/items/home?fields=headline', { token: t.adminToken }))).toEqual({ headline: 'Welcome' });
    });

    it('refuses batch, keys and query forms on a singleton', async () => {
      expectError(
        await t.request('PATCH', '/items/home', { token: t.adminToken, body: [{ id: 1, headline: 'x' }] }),
        400,
        'INVALID_PAYLOAD',
      );
      expectError(
        await t.request('PATCH', '/items/home', { token: t.adminToken, body: { keys: [1], data: { headline: 'x' } } }),
        400,
        'INVALID_PAYLOAD',
      );
      expectError(
        await t.request('PATCH', '/items/home', { token: t.adminToken, body: { query: {}, data: { headline: 'x' } } }),
        400,
        'INVALID_PAYLOAD',
      );
      expect((await t.app.knex('home').first()).headline).toBe('Welcome');
    });
  });
});
