import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { App } from '../../src/app.js';

/** One event of a subscription, or how it ended (the server's error list, or the socket's close code). */
export type Received = { data?: unknown; errors?: unknown; closed?: number };

/** A graphql-ws client of a test server that never retries (a refusal is an outcome to check, not to hide). */
export function graphqlClient(url: string, connectionParams?: Record<string, unknown>): Client {
  return createClient({
    url,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: true,
    ...(connectionParams ? { connectionParams } : {}),
  });
}

/** A subscription whose events are taken one by one; a server error or a close is the last thing received. */
export function subscription(client: Client, query: string, variables?: Record<string, unknown>) {
  const received: Received[] = [];
  const waiting: ((value: Received) => void)[] = [];
  const push = (value: Received) => {
    const waiter = waiting.shift();
    if (waiter) waiter(value);
    else received.push(value);
  };
  const stop = client.subscribe(
    { query, ...(variables ? { variables } : {}) },
    {
      next: (value) => push(value.errors ? { errors: value.errors } : { data: value.data }),
      error: (error) => push(Array.isArray(error) ? { errors: error } : { closed: (error as { code?: number }).code ?? -1 }),
      complete: () => undefined,
    },
  );
  return {
    next: (): Promise<Received> => {
      const queued = received.shift();
      return queued ? Promise.resolve(queued) : new Promise((resolve) => waiting.push(resolve));
    },
    stop,
  };
}

/**
 * Until the instance holds exactly `count` subscriptions (graphql-ws tells the client nothing before the first
 * event, nor when it has ended one): each test waits for its own to start and, once stopped, to end.
 */
export async function watching(app: App, count: number): Promise<void> {
  while (app.realtime.watching() !== count) await new Promise((resolve) => setImmediate(resolve));
}
