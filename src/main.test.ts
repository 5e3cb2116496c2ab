import { EventEmitter } from 'node:events';
import type { FastifyPluginAsync } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config/index.js';
import { buildTestServer } from '../tests/support/build-test-server.js';
import { captureLogger } from '../tests/support/capture-logger.js';
import { startServer, type StartableApp } from './main.js';

/** Resolvers waiting for the next request to reach the slow handler (no fixed sleeps: CI machines are busy). */
const arrivals: (() => void)[] = [];
const nextArrival = () => new Promise<void>((resolve) => arrivals.push(resolve));

const slowRoutes: FastifyPluginAsync = async (server) => {
  server.get('/wait/:ms', async (request) => {
    arrivals.shift()?.();
    const ms = Number((request.params as { ms: string }).ms);
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { waited: ms };
  });
};

function setup(env: Record<string, string> = {}) {
  const config = loadConfig({ HOST: '127.0.0.1', PORT: '0', GRACEFUL_SHUTDOWN_TIMEOUT: '2s', ...env }, { readDotEnv: false });
  const appClose = vi.fn(async () => undefined);
  const createApp = async (): Promise<StartableApp> => {
    const { server } = buildTestServer({ routes: [{ prefix: '/slow', plugin: slowRoutes }] });
    return { server, close: appClose };
  };
  return { config, appClose, createApp };
}

describe('startServer', () => {
  it('listens on HOST:PORT, reports the URL and stops on shutdown', async () => {
    const { config, createApp, appClose } = setup();
    const onListening = vi.fn();
    const running = await startServer({ config, createApp, onListening, signals: [] });
    expect(onListening).toHaveBeenCalledWith(running.url);
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${running.url}/server/ping`);
    expect(await res.text()).toBe('pong');
    await running.shutdown();
    expect(appClose).toHaveBeenCalledTimes(1);
    await expect(fetch(`${running.url}/server/ping`)).rejects.toThrow();
  });

  it('lets a request in flight finish before closing the app', async () => {
    const { config, createApp, appClose } = setup();
    const running = await startServer({ config, createApp, signals: [] });
    const arrived = nextArrival();
    const inFlight = fetch(`${running.url}/slow/wait/300`).then((r) => r.json());
    await arrived;
    await running.shutdown();
    expect(await inFlight).toEqual({ waited: 300 });
    expect(appClose).toHaveBeenCalledTimes(1);
  });

  it('keeps serving for GRACEFUL_SHUTDOWN_DELAY with Connection: close and health 503, then closes', async () => {
    const { config, createApp, appClose } = setup({ GRACEFUL_SHUTDOWN_DELAY: '400' });
    // The delay passes when the test says so, not after 400 ms of a possibly busy machine.
    const waits: number[] = [];
    let endDelay = (): void => undefined;
    const wait = (ms: number): Promise<void> => {
      waits.push(ms);
      return new Promise((resolve) => (endDelay = resolve));
    };
    const running = await startServer({ config, createApp, signals: [], wait });
    const before = await fetch(`${running.url}/server/ping`);
    expect(before.headers.get('connection')).toBe('keep-alive');
    await before.text();
    const stopping = running.shutdown();
    const during = await fetch(`${running.url}/server/ping`);
    expect(during.status).toBe(200);
    expect(during.headers.get('connection')).toBe('close');
    expect(await during.text()).toBe('pong');
    const health = await fetch(`${running.url}/server/health`);
    expect(health.status).toBe(503);
    expect(((await health.json()) as { checks: { instance?: string } }).checks.instance).toBe('draining');
    expect(appClose).not.toHaveBeenCalled();
    expect(waits).toEqual([400]);
    endDelay();
    await stopping;
    expect(appClose).toHaveBeenCalledTimes(1);
    await expect(fetch(`${running.url}/server/ping`)).rejects.toThrow();
  });

  it('cuts requests still running after GRACEFUL_SHUTDOWN_TIMEOUT', async () => {
    const { config, createApp, appClose } = setup({ GRACEFUL_SHUTDOWN_TIMEOUT: '100' });
    const running = await startServer({ config, createApp, signals: [] });
    const arrived = nextArrival();
    const inFlight = fetch(`${running.url}/slow/wait/5000`).then(
      () => 'answered',
      () => 'cut',
    );
    await arrived;
    const started = Date.now();
    await running.shutdown();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await inFlight).toBe('cut');
    expect(appClose).toHaveBeenCalledTimes(1);
  });

  it('shuts down on a signal and exits 0', async () => {
    const { config, createApp, appClose } = setup();
    const exit = vi.fn();
    await startServer({ config, createApp, exit, signals: ['SIGUSR2'] });
    process.emit('SIGUSR2');
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0));
    expect(appClose).toHaveBeenCalledTimes(1);
    expect(process.listenerCount('SIGUSR2')).toBe(0);
  });

  it('logs an unhandled rejection of the process it is given and serves on; stops watching once shut down', async () => {
    const config = loadConfig({ HOST: '127.0.0.1', PORT: '0' }, { readDotEnv: false });
    const { logger, lines } = captureLogger();
    const createApp = async (): Promise<StartableApp> => ({ server: buildTestServer({ logger }).server, close: async () => undefined });
    const target = new EventEmitter();
    const exit = vi.fn();
    const running = await startServer({ config, createApp, exit, signals: [], process: target });
    target.emit('unhandledRejection', new Error('Connection terminated unexpectedly'));
    expect(lines.some((line) => line.level === 50 && String(line.msg).includes('Unhandled promise rejection'))).toBe(true);
    expect(await (await fetch(`${running.url}/server/ping`)).text()).toBe('pong');
    expect(exit).not.toHaveBeenCalled();
    await running.shutdown();
    expect(target.listenerCount('unhandledRejection') + target.listenerCount('uncaughtException')).toBe(0);
  });

  it('closes the app and rethrows when the port is taken', async () => {
    const first = setup();
    const running = await startServer({ config: first.config, createApp: first.createApp, signals: [] });
    const port = Number(new URL(running.url).port);
    const second = setup({ PORT: String(port) });
    await expect(startServer({ config: second.config, createApp: second.createApp, signals: [] })).rejects.toThrow(/EADDRINUSE/);
    expect(second.appClose).toHaveBeenCalledTimes(1);
    await running.shutdown();
  });
});
