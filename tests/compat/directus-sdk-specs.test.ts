import { createDirectus, readGraphqlSdl, readOpenApiSpec, rest, staticToken } from '@directus/sdk';
import { buildSchema } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { seedCollections } from '../setup/seed-collections.js';

/** The official @directus/sdk's `readOpenApiSpec` and `readGraphqlSdl` against a real listening server. */
describe('@directus/sdk specs compatibility', () => {
  let t: TestApp;
  let url = '';

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    url = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  const admin = () => createDirectus(url).with(staticToken(t.adminToken)).with(rest());

  it('readOpenApiSpec returns the document itself', async () => {
    const spec = await admin().request(readOpenApiSpec());
    expect(spec['openapi']).toBe('3.0.3');
    expect(spec['paths']).toHaveProperty(['/items/articles']);
    expect(spec['components']['schemas']).toHaveProperty('ItemsArticles');
  });

  it('readOpenApiSpec works for an anonymous client', async () => {
    const spec = await createDirectus(url).with(rest()).request(readOpenApiSpec());
    expect(spec['paths']).toHaveProperty(['/auth/login']);
    expect(spec['paths']).not.toHaveProperty(['/items/articles']);
  });

  it('readGraphqlSdl returns the SDL of either scope as a string', async () => {
    const items = await admin().request(readGraphqlSdl('item'));
    expect(typeof items).toBe('string');
    expect(buildSchema(items).getType('articles')).toBeDefined();
    const system = await admin().request(readGraphqlSdl('system'));
    expect(buildSchema(system).getType('service_users')).toBeDefined();
  });
});
