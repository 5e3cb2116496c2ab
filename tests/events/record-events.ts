import type { Context } from '../../src/engine/context.js';
import type { EventBus, EventMeta } from '../../src/kernel/events/index.js';

export type EventCall = { kind: 'filter' | 'action'; event: string; meta: EventMeta; payload?: unknown; inTransaction: boolean };

/**
 * Records every filter and action event of `names` on an app's bus (filters only when `filters`: a filter
 * handler takes a write off the one-statement path, so the action-only recorder sees that path too).
 */
export function recordEvents(bus: EventBus<Context>, names: string[], options: { filters?: boolean } = {}) {
  const calls: EventCall[] = [];
  const offs: (() => void)[] = [];
  for (const name of names) {
    if (options.filters !== false)
      offs.push(
        bus.onFilter(name, (payload, meta, ctx) => {
          calls.push({ kind: 'filter', event: meta.event, meta, payload: structuredClone(payload), inTransaction: ctx.inTransaction });
        }),
      );
    offs.push(
      bus.onAction(name, (meta, ctx) => void calls.push({ kind: 'action', event: meta.event, meta, inTransaction: ctx.inTransaction })),
    );
  }
  return {
    calls,
    of: (kind: 'filter' | 'action', event?: string) => calls.filter((c) => c.kind === kind && (event === undefined || c.event === event)),
    clear: () => calls.splice(0),
    off: () => offs.forEach((off) => off()),
  };
}

export const itemEvents = (collection: string) =>
  ['create', 'update', 'delete'].flatMap((action) => [`items.${action}`, `${collection}.items.${action}`]);
