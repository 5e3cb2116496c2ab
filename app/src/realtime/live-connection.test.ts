import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveConnection, IDLE_CLOSE_MS, RECONNECT_DELAYS_MS, type LiveEvent, type LiveSocket } from './live-connection.js';

/** A socket the test drives: what was sent, and the server's messages, close and connect outcome on demand. */
function fakeSocket(opens: 'open' | 'refused' = 'open') {
  const sent: Record<string, unknown>[] = [];
  const messages = new Set<(message: unknown) => void>();
  const closes = new Set<(code: number) => void>();
  let disconnected = false;
  const socket: LiveSocket = {
    connect: () => (opens === 'open' ? Promise.resolve(undefined) : Promise.reject(new Event('error'))),
    disconnect: () => {
      disconnected = true;
    },
    send: (message) => void sent.push(message),
    onMessage: (listener) => {
      messages.add(listener);
      return () => messages.delete(listener);
    },
    onClose: (listener) => {
      closes.add(listener);
      return () => closes.delete(listener);
    },
  };
  return {
    socket,
    sent,
    get disconnected() {
      return disconnected;
    },
    message: (message: unknown) => messages.forEach((listener) => listener(message)),
    close: (code: number) => closes.forEach((listener) => listener(code)),
  };
}

type Fake = ReturnType<typeof fakeSocket>;

function connection(outcomes: ('open' | 'refused')[] = []) {
  const sockets: Fake[] = [];
  const live = createLiveConnection(() => {
    const fake = fakeSocket(outcomes[sockets.length] ?? 'open');
    sockets.push(fake);
    return fake.socket;
  });
  return { live, sockets };
}

const flush = () => new Promise<void>((resolve) => queueMicrotask(resolve));

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createLiveConnection', () => {
  it('opens one socket for every subscription and hands each its own events', async () => {
    const { live, sockets } = connection();
    const a: LiveEvent[] = [];
    const b: LiveEvent[] = [];
    live.subscribe({ collection: 'articles', query: { fields: ['id'] } }, (event) => a.push(event));
    live.subscribe({ collection: 'articles', item: 3 }, (event) => b.push(event));
    await flush();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.sent).toEqual([
      { type: 'subscribe', uid: 'live-1', collection: 'articles', query: { fields: ['id'] } },
      { type: 'subscribe', uid: 'live-2', collection: 'articles', item: 3 },
    ]);
    expect(live.state()).toBe('connecting');
    sockets[0]!.message({ type: 'subscription', event: 'init', data: [], uid: 'live-1' });
    sockets[0]!.message({ type: 'subscription', event: 'update', data: [{ id: 3 }], uid: 'live-2' });
    sockets[0]!.message({ type: 'subscription', event: 'update', data: [{ id: 9 }], uid: 'someone-else' });
    expect(live.state()).toBe('live');
    expect(a).toEqual([{ event: 'init', data: [], again: false }]);
    expect(b).toEqual([{ event: 'update', data: [{ id: 3 }], again: false }]);
  });

  it('sends a subscription made while open at once, and unsubscribes by uid', async () => {
    const { live, sockets } = connection();
    live.subscribe({ collection: 'a' }, () => undefined);
    await flush();
    const off = live.subscribe({ collection: 'b' }, () => undefined);
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'subscribe', uid: 'live-2', collection: 'b' });
    off();
    expect(sockets[0]!.sent.at(-1)).toEqual({ type: 'unsubscribe', uid: 'live-2' });
  });

  it('is unavailable without retrying when the socket cannot open (realtime off)', async () => {
    const { live, sockets } = connection(['refused']);
    live.subscribe({ collection: 'a' }, () => undefined);
    await flush();
    await flush();
    expect(live.state()).toBe('unavailable');
    live.subscribe({ collection: 'b' }, () => undefined);
    await vi.runAllTimersAsync();
    expect(sockets).toHaveLength(1);
  });

  it('is unavailable without retrying when the server closes the socket before any subscription worked (auth refused)', async () => {
    const { live, sockets } = connection();
    live.subscribe({ collection: 'a' }, () => undefined);
    await flush();
    sockets[0]!.close(4001);
    await vi.runAllTimersAsync();
    expect(live.state()).toBe('unavailable');
    expect(sockets).toHaveLength(1);
  });

  it('reopens a socket that worked with growing delays, subscribes again and marks the new init', async () => {
    const { live, sockets } = connection();
    const events: LiveEvent[] = [];
    live.subscribe({ collection: 'a' }, (event) => events.push(event));
    await flush();
    sockets[0]!.message({ type: 'subscription', event: 'init', data: [], uid: 'live-1' });
    sockets[0]!.close(1001);
    expect(live.state()).toBe('connecting');
    await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[0]!);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]!.sent).toEqual([{ type: 'subscribe', uid: 'live-1', collection: 'a' }]);
    sockets[1]!.message({ type: 'subscription', event: 'init', data: [], uid: 'live-1' });
    expect(events.map((e) => e.again)).toEqual([false, true]);
  });

  it('gives up after the last delay when the socket keeps closing', async () => {
    const { live, sockets } = connection();
    live.subscribe({ collection: 'a' }, () => undefined);
    await flush();
    sockets[0]!.message({ type: 'subscription', event: 'init', data: [], uid: 'live-1' });
    for (let i = 0; i <= RECONNECT_DELAYS_MS.length; i++) {
      sockets.at(-1)!.close(1006);
      await vi.runAllTimersAsync();
    }
    expect(sockets).toHaveLength(RECONNECT_DELAYS_MS.length + 1);
    expect(live.state()).toBe('unavailable');
  });

  it('leaves a refused subscription alone (a collection the user may not read) and keeps the others', async () => {
    const { live, sockets } = connection();
    const events: LiveEvent[] = [];
    live.subscribe({ collection: 'secret' }, (event) => events.push(event));
    await flush();
    sockets[0]!.message({ type: 'subscribe', status: 'error', error: { code: 'INVALID_COLLECTION', message: 'x' }, uid: 'live-1' });
    live.subscribe({ collection: 'open' }, () => undefined);
    expect(events).toEqual([]);
    expect(sockets[0]!.disconnected).toBe(false);
  });

  it('closes the socket a while after the last subscription ends, and not when another comes first', async () => {
    const { live, sockets } = connection();
    const off = live.subscribe({ collection: 'a' }, () => undefined);
    await flush();
    off();
    await vi.advanceTimersByTimeAsync(IDLE_CLOSE_MS / 2);
    const off2 = live.subscribe({ collection: 'b' }, () => undefined);
    await vi.advanceTimersByTimeAsync(IDLE_CLOSE_MS);
    expect(sockets[0]!.disconnected).toBe(false);
    off2();
    await vi.advanceTimersByTimeAsync(IDLE_CLOSE_MS);
    expect(sockets[0]!.disconnected).toBe(true);
    expect(live.state()).toBe('idle');
  });

  it('renews the socket after a session refresh and closes everything on sign-out', async () => {
    const { live, sockets } = connection();
    live.subscribe({ collection: 'a' }, () => undefined);
    await flush();
    live.renew();
    await flush();
    expect(sockets[0]!.disconnected).toBe(true);
    expect(sockets[1]!.sent).toEqual([{ type: 'subscribe', uid: 'live-1', collection: 'a' }]);
    live.close();
    expect(sockets[1]!.disconnected).toBe(true);
    expect(live.state()).toBe('idle');
    live.subscribe({ collection: 'b' }, () => undefined);
    expect(sockets).toHaveLength(2);
  });
});
