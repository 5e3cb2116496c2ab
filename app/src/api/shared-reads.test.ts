import { describe, expect, it } from 'vitest';
import type { Client } from './client.js';
import { SHARED_FOR_MS, forgetSharedReads, sharedRead, type ReadMoment } from './shared-reads.js';

/** A fake client object (only its identity is used) and a read that counts its calls. */
function setUp() {
  const client = {} as Client;
  let calls = 0;
  const read =
    (answer: unknown = 'answer') =>
    () => {
      calls++;
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    };
  let moment: ReadMoment = { page: '/admin/content/articles', now: 1000 };
  const at = () => moment;
  return {
    client,
    read,
    at,
    calls: () => calls,
    move: (next: Partial<ReadMoment>) => (moment = { ...moment, ...next }),
  };
}

describe('sharedRead', () => {
  it('sends one request for every asker on the same page while it runs and shortly after', async () => {
    const t = setUp();
    const first = sharedRead(t.client, 'permissions/me', t.read(), t.at);
    const second = sharedRead(t.client, 'permissions/me', t.read(), t.at);
    expect(second).toBe(first);
    await first;
    t.move({ now: 1000 + SHARED_FOR_MS });
    expect(await sharedRead(t.client, 'permissions/me', t.read(), t.at)).toBe('answer');
    expect(t.calls()).toBe(1);
  });

  it('asks again on another page, after the sharing time, for another key and for another client', async () => {
    const t = setUp();
    await sharedRead(t.client, 'permissions/me', t.read(), t.at);
    t.move({ page: '/admin/content/tags' });
    await sharedRead(t.client, 'permissions/me', t.read(), t.at);
    expect(t.calls()).toBe(2);
    t.move({ now: 1000 + SHARED_FOR_MS + 1 });
    await sharedRead(t.client, 'permissions/me', t.read(), t.at);
    expect(t.calls()).toBe(3);
    await sharedRead(t.client, 'policies/me/globals', t.read(), t.at);
    await sharedRead({} as Client, 'permissions/me', t.read(), t.at);
    expect(t.calls()).toBe(5);
  });

  it('never shares a failed read once it has failed', async () => {
    const t = setUp();
    await expect(sharedRead(t.client, 'collections', t.read(new Error('offline')), t.at)).rejects.toThrow('offline');
    expect(await sharedRead(t.client, 'collections', t.read('back'), t.at)).toBe('back');
    expect(t.calls()).toBe(2);
  });

  it('forgets everything on forgetSharedReads (sign-in, sign-out, a change the app made)', async () => {
    const t = setUp();
    await sharedRead(t.client, 'collections', t.read('before'), t.at);
    forgetSharedReads(t.client);
    expect(await sharedRead(t.client, 'collections', t.read('after'), t.at)).toBe('after');
    expect(t.calls()).toBe(2);
  });
});
