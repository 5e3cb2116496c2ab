import { describe, expect, it } from 'vitest';
import { createMemoryCounterStore } from '../../engine/rate-limit/memory-counter-store.js';
import { createOtpReplayGuard } from './second-factor.js';

describe('createOtpReplayGuard', () => {
  it('lets a user claim a step once, per user, and forgets it after two minutes', async () => {
    let now = 1_000_000;
    const guard = createOtpReplayGuard(createMemoryCounterStore({ now: () => now }));
    expect(await guard.claim('user-a', 41)).toBe(true);
    expect(await guard.claim('user-a', 41)).toBe(false);
    expect(await guard.claim('user-a', 42)).toBe(true);
    expect(await guard.claim('user-b', 41)).toBe(true);
    now += 119_000;
    expect(await guard.claim('user-a', 41)).toBe(false);
    now += 2_000;
    expect(await guard.claim('user-a', 41)).toBe(true);
  });
});
