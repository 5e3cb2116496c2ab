import { randomUUID } from 'node:crypto';
import type { Redis as RedisClient } from 'ioredis';
import type { Logger } from '../../kernel/logger.js';

/** Tells the other instances of something that happened here, and hears what happened there. */
export type FanOut = {
  /** Sends to every other instance (never back to this one); best effort: lost while Redis is down. */
  publish(message: Record<string, unknown>): void;
  /** Whether the channel works both ways: subscribed (confirmed) and able to publish (what /server/health reports). */
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
 * reconnects by itself; this subscribes again on every (re)connection and counts the channel up only once the
 * subscription is confirmed and the publishing connection is ready too. Messages published meanwhile are lost,
 * which the outage log says.
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
  // Subscribed again below on each 'ready', so that being up can wait for the confirmation.
  const subscriber: RedisClient = new Redis(options.url, { ...settings, enableOfflineQueue: true, autoResubscribe: false });
  let subscribed = false;
  /** Set while an outage has been logged and not yet its end. */
  let outage = false;
  let closing = false;
  const warn = (error: unknown) => {
    if (outage || closing) return;
    outage = true;
    options.logger.warn(
      { err: error },
      'Realtime fan-out: no Redis, so writes reach only the subscribers of this instance until it is back',
    );
  };
  const down = (error: unknown) => {
    subscribed = false;
    warn(error);
  };
  const subscribe = (): Promise<void> =>
    subscriber.subscribe(options.channel).then(
      () => {
        subscribed = true;
        if (!outage) return;
        outage = false;
        options.logger.info('Realtime fan-out: Redis is back, writes reach every instance again');
      },
      (error: unknown) => down(error),
    );
  let subscribing: Promise<void> = Promise.resolve();
  subscriber.on('ready', () => {
    subscribing = subscribe();
  });
  subscriber.on('error', down);
  subscriber.on('close', () => down(new Error('the subscribed connection to Redis closed')));
  publisher.on('error', () => undefined);
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
    await subscribing;
  } catch (error) {
    // The instance starts alone; ioredis keeps trying, and the subscription goes out when it connects.
    down(error);
  }
  return {
    publish(message) {
      publisher.publish(options.channel, JSON.stringify({ ...message, from: self })).catch((error: unknown) => warn(error));
    },
    connected: () => subscribed && publisher.status === 'ready',
    async close() {
      closing = true;
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
