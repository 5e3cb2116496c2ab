import { randomUUID } from 'node:crypto';
import type { Redis as RedisClient } from 'ioredis';
import type { Logger } from '../../kernel/logger.js';

/** Tells the other instances of something that happened here, and hears what happened there. */
export type FanOut = {
  /** Sends to every other instance (never back to this one); best effort: lost while Redis is down. */
  publish(message: Record<string, unknown>): void;
  /** Whether the subscription to the channel is up (what /server/health may report). */
  connected(): boolean;
  close(): Promise<void>;
};

export type RedisFanOutOptions = {
  url: string;
  /** The channel, with REDIS_KEY_PREFIX in front (tests use their own prefix). */
  channel: string;
  logger: Logger;
  /** A message another instance published. */
  onMessage(message: Record<string, unknown>): void;
};

/**
 * Redis pub/sub between the instances of one deployment: two connections (a subscribed one can do nothing
 * else), each message tagged with this instance's id so that it is not delivered twice here. ioredis
 * reconnects (and subscribes again) by itself; messages published meanwhile are lost, which the outage log says.
 */
export async function createRedisFanOut(options: RedisFanOutOptions): Promise<FanOut> {
  const { Redis } = await import('ioredis');
  const self = randomUUID();
  const settings = {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    retryStrategy: (n: number) => Math.min(n * 100, 2_000),
  };
  const publisher: RedisClient = new Redis(options.url, settings);
  const subscriber: RedisClient = new Redis(options.url, { ...settings, enableOfflineQueue: true });
  let up = false;
  const down = (error: unknown) => {
    if (!up) return;
    up = false;
    options.logger.warn(
      { err: error },
      'Realtime fan-out: no Redis, so writes reach only the subscribers of this instance until it is back',
    );
  };
  subscriber.on('error', down);
  publisher.on('error', () => undefined);
  subscriber.on('ready', () => {
    up = true;
  });
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== options.channel) return;
    try {
      const message = JSON.parse(text) as Record<string, unknown>;
      if (message.from === self) return;
      options.onMessage(message);
    } catch (error) {
      options.logger.warn({ err: error }, 'realtime fan-out: a message that is not JSON was ignored');
    }
  });
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(options.channel);
    up = true;
  } catch (error) {
    // The instance starts alone; ioredis keeps trying, and the queued subscription goes out when it connects.
    up = true;
    down(error);
  }
  return {
    publish(message) {
      publisher.publish(options.channel, JSON.stringify({ ...message, from: self })).catch((error: unknown) => down(error));
    },
    connected: () => up,
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
