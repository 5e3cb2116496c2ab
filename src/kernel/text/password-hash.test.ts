import { describe, expect, it } from 'vitest';
import { hashPassword, hashSlots, MAX_CONCURRENT_HASHES, verifyPassword } from './password-hash.js';

describe('password hashing', () => {
  it('hashes with argon2id and verifies only the same password', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'correct horse')).toBe(false);
  });

  it('runs at most the limit at once and every queued operation in turn when more are asked for at once', async () => {
    const hash = await hashPassword('p');
    const asked = Array.from({ length: MAX_CONCURRENT_HASHES * 3 }, (_, i) => verifyPassword(hash, i % 2 === 0 ? 'p' : 'q'));
    expect([hashSlots.activeCount, hashSlots.pendingCount]).toEqual([MAX_CONCURRENT_HASHES, MAX_CONCURRENT_HASHES * 2]);
    const results = await Promise.all(asked);
    expect(results).toEqual(Array.from({ length: MAX_CONCURRENT_HASHES * 3 }, (_, i) => i % 2 === 0));
  });
});
