import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { App } from '../../src/app.js';
import type { TestApp } from '../setup/create-test-app.js';
import { dataOf } from '../setup/expect-error.js';

type Row = Record<string, unknown>;

/** The WebSocket URL of `path` on an app that listens (on a port the OS chose). */
export function socketUrl(app: App, path = '/websocket'): string {
  return `ws://127.0.0.1:${(app.server.server.address() as AddressInfo).port}${path}`;
}

/** Starts `app` listening on a port the OS chooses; answers the WebSocket URL of `path` there. */
export async function listenForSockets(app: App, path = '/websocket'): Promise<string> {
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  return socketUrl(app, path);
}

/**
 * The administrator's API calls on a test app (read when called, so it can be made before the app exists):
 * each expects a 2xx answer and gives its `data` (null for 204).
 */
export function adminCalls(app: () => TestApp) {
  return async (method: string, path: string, body?: unknown): Promise<Row | null> => {
    const t = app();
    const response = await t.request(method, path, { token: t.adminToken, body });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.statusCode === 204 ? null : dataOf<Row>(response);
  };
}
