import type { Context } from '../../engine/context.js';
import { writeEventNames, type EventBus, type EventMeta } from '../../kernel/events/index.js';
import { SYSTEM_COLLECTIONS } from '../../kernel/system/system-collections.js';
import type { SubscriptionEvent } from './realtime.types.js';

const WRITE_ACTIONS: SubscriptionEvent[] = ['create', 'update', 'delete'];

export type WriteListeners = {
  /** One more subscription to `collection` on this instance. */
  listen(collection: string): void;
  unlisten(collection: string): void;
  /** Whether anyone on this instance subscribed to `collection`. */
  has(collection: string): boolean;
  close(): void;
};

type OnWrite = (collection: string, action: SubscriptionEvent, meta: EventMeta) => unknown;

/**
 * The action handlers realtime registers on the event bus. With `everything` (other instances to tell), every
 * write of every collection is heard, since any instance may have subscribers; alone, only the writes of
 * collections someone here subscribed to (a write nobody listens to takes no detour for events).
 */
export function createWriteListeners(events: EventBus<Context>, onWrite: OnWrite, options: { everything: boolean }): WriteListeners {
  /** collection → how many subscriptions, and the remover of its own handlers. */
  const counts = new Map<string, { count: number; off: () => void }>();
  const global = options.everything
    ? WRITE_ACTIONS.flatMap((action) => [
        events.onAction(`items.${action}`, (meta) => (meta.collection ? onWrite(meta.collection, action, meta) : undefined)),
        ...SYSTEM_COLLECTIONS.map(({ collection }) =>
          events.onAction(writeEventNames(collection, action)[0]!, (meta) => onWrite(collection, action, meta)),
        ),
      ])
    : [];
  const own = (collection: string) =>
    WRITE_ACTIONS.map((action) => {
      const names = writeEventNames(collection, action);
      return events.onAction(names[names.length - 1]!, (meta) => onWrite(collection, action, meta));
    });

  return {
    listen(collection) {
      const entry = counts.get(collection);
      if (entry) {
        entry.count++;
        return;
      }
      const offs = options.everything ? [] : own(collection);
      counts.set(collection, { count: 1, off: () => offs.forEach((off) => off()) });
    },
    unlisten(collection) {
      const entry = counts.get(collection);
      if (!entry || --entry.count > 0) return;
      entry.off();
      counts.delete(collection);
    },
    has: (collection) => counts.has(collection),
    close() {
      global.forEach((off) => off());
      for (const entry of counts.values()) entry.off();
      counts.clear();
    },
  };
}
