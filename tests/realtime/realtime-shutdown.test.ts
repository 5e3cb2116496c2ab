import { describe, expect, it } from 'vitest';
import { createTestApp } from '../setup/create-test-app.js';
import { seedCollections } from '../setup/seed-collections.js';
import { graphqlClient, subscription, watching } from './graphql-client.js';
import { listenForSockets, socketUrl } from './realtime-fixture.js';
import { connect } from './ws-client.js';

/**
 * Graceful shutdown (docs/realtime.md): every socket of both protocols is closed with 1001 (going away), the code
 * clients reconnect on (graphql-ws counts it as non-fatal; the SDK reconnects).
 */
describe('realtime: shutdown', () => {
  it('closes REST-style and GraphQL sockets with 1001', async () => {
    const t = await createTestApp();
    let closed = false;
    try {
      await seedCollections(t.app);
      const url = await listenForSockets(t.app);
      const rest = await connect(url);
      expect(await rest.ask({ type: 'auth', access_token: t.adminToken })).toEqual({ type: 'auth', status: 'ok' });
      expect(await rest.ask({ type: 'subscribe', collection: 'articles' })).toMatchObject({ event: 'init' });
      const gql = graphqlClient(socketUrl(t.app, '/graphql'), { access_token: t.adminToken });
      const s = subscription(gql, 'subscription { articles_mutated { key } }');
      await watching(t.app, 2);

      await t.close();
      closed = true;
      expect(await rest.closed).toBe(1001);
      expect(await s.next()).toEqual({ closed: 1001 });
      await gql.dispose();
    } finally {
      if (!closed) await t.close();
    }
  });
});
