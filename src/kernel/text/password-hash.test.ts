import { describe, expect, it } from 'vitest';
import { hashPassword, hashSlots, MAX_CONCURRENT_HASHES, verifyPassword, type PasswordHashCost } from './password-hash.js';

/** The cheapest parameters the config allows (HASH_MEMORY_COST's minimum), as the test apps use. */
const CHEAP: PasswordHashCost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

describe('password hashing', () => {
  it('hashes with argon2id and verifies only the same password', async () => {
    const hash = await hashPassword('correct horse', CHEAP);
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'correct horse')).toBe(false);
  });

  it('hashes with the parameters it is given, and verifies a hash by its own', async () => {
    const defaults = await hashPassword('correct horse', { memoryCost: 65536, timeCost: 3, parallelism: 4 });
    expect(defaults).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
    expect(await hashPassword('correct horse', { memoryCost: 2048, timeCost: 2, parallelism: 2 })).toMatch(
      /^\$argon2id\$v=19\$m=2048,p=2,t=2\$/,
    );
    expect(await verifyPassword(defaults, 'correct horse')).toBe(true);
  });

  it('runs at most the limit at once and every queued operation in turn when more are asked for at once', async () => {
    const hash = await hashPassword('p', CHEAP);
    const asked = Array.from({ length: MAX_CONCURRENT_HASHES * 3 }, (_, i) => verifyPassword(hash, i % 2 === 0 ? 'p' : 'q'));
    expect([hashSlots.activeCount, hashSlots.pendingCount]).toEqual([MAX_CONCURRENT_HASHES, MAX_CONCURRENT_HASHES * 2]);
    const results = await Promise.all(asked);
    expect(results).toEqual(Array.from({ length: MAX_CONCURRENT_HASHES * 3 }, (_, i) => i % 2 === 0));
  });
});
