import { describe, expect, it } from 'vitest';
import { coalesceNotices, MAX_COALESCED_KEYS, type QueuedNotice } from './coalesce-notices.js';

const q = (collection: string, action: 'create' | 'update' | 'delete', keys: (string | number)[], local = true): QueuedNotice => ({
  notice: { collection, action, keys },
  local,
});

describe('coalesceNotices', () => {
  it('merges consecutive writes of one collection and action, keys in order and once', () => {
    expect(coalesceNotices([q('a', 'update', [1, 2]), q('a', 'update', [2, 3]), q('a', 'update', ['3'])])).toEqual([
      q('a', 'update', [1, 2, 3, '3']),
    ]);
  });

  it('keeps the order across another collection, action or origin', () => {
    const queued = [
      q('a', 'create', [1]),
      q('a', 'update', [1]),
      q('a', 'create', [2]),
      q('b', 'create', [1]),
      q('b', 'create', [2], false),
    ];
    expect(coalesceNotices(queued)).toEqual(queued);
  });

  it('starts a new notice past the key bound, and leaves the queued notices as they were', () => {
    const big = Array.from({ length: MAX_COALESCED_KEYS }, (_, i) => i);
    const queued = [q('a', 'create', big), q('a', 'create', [MAX_COALESCED_KEYS])];
    expect(coalesceNotices(queued).map((e) => e.notice.keys.length)).toEqual([MAX_COALESCED_KEYS, 1]);
    expect(queued[0]!.notice.keys).toHaveLength(MAX_COALESCED_KEYS);
  });
});
