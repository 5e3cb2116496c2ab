import { randomBytes } from 'node:crypto';

/** The local Redis the tests use (the product's default is unset). */
export const TEST_REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * A Redis key prefix of a test's own (`REDIS_KEY_PREFIX`), so that neither another run nor a local server
 * sharing the Redis can change what the test sees.
 */
export function createRedisTestPrefix(): string {
  return `stratum-test:${randomBytes(6).toString('hex')}:`;
}

/** Deletes every key under `prefix` (after a test): tests leave nothing behind in the shared Redis. */
export async function deleteRedisKeys(prefix: string, url = TEST_REDIS_URL): Promise<number> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await client.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    client.disconnect();
  }
}
