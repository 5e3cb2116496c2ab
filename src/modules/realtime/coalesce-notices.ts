import type { WriteNotice } from './realtime.types.js';

/** A write waiting for delivery; `local`: made on this instance (so told to the others too). */
export type QueuedNotice = { notice: WriteNotice; local: boolean };

/** Most keys one coalesced notice carries (its read is one query with `_in` over them). */
export const MAX_COALESCED_KEYS = 1_000;

/**
 * Consecutive writes of one collection and action (and origin) as one notice with all their keys, in order and
 * without repeats: Directus's messages carry a list of items, so a subscriber hears the same rows in fewer messages.
 * Writes of another collection or action in between keep the order (a create, an update, a create stay three).
 */
export function coalesceNotices(queued: readonly QueuedNotice[]): QueuedNotice[] {
  const out: QueuedNotice[] = [];
  let last: { entry: QueuedNotice; seen: Set<string> } | null = null;
  for (const entry of queued) {
    const { notice } = entry;
    const previous = last?.entry;
    if (
      last &&
      previous &&
      previous.local === entry.local &&
      previous.notice.collection === notice.collection &&
      previous.notice.action === notice.action &&
      previous.notice.keys.length + notice.keys.length <= MAX_COALESCED_KEYS
    ) {
      for (const key of notice.keys) {
        const id = `${typeof key}:${String(key)}`;
        if (last.seen.has(id)) continue;
        last.seen.add(id);
        previous.notice.keys.push(key);
      }
      continue;
    }
    const copy: QueuedNotice = { notice: { ...notice, keys: [] }, local: entry.local };
    const seen = new Set<string>();
    for (const key of notice.keys) {
      const id = `${typeof key}:${String(key)}`;
      if (seen.has(id)) continue;
      seen.add(id);
      copy.notice.keys.push(key);
    }
    out.push(copy);
    last = { entry: copy, seen };
  }
  return out;
}
