import type { Logger } from '../logger.js';
import type { ActionHandler, EventBus, EventMeta, FilterHandler } from './events.types.js';

/**
 * One bus per app instance (created in createApp, reached through `Context.events`): no module-level state.
 * With no handler for a name, `filter` and `action` cost one map lookup per name.
 */
export function createEventBus<C>(logger: Pick<Logger, 'error'>): EventBus<C> {
  const filters = new Map<string, FilterHandler<C>[]>();
  const actions = new Map<string, ActionHandler<C>[]>();

  const add = <H>(map: Map<string, H[]>, name: string, handler: H): (() => void) => {
    // Copy on write: a handler that registers or removes another during an emit does not change that emit.
    map.set(name, [...(map.get(name) ?? []), handler]);
    return () => {
      const left = (map.get(name) ?? []).filter((h) => h !== handler);
      if (left.length > 0) map.set(name, left);
      else map.delete(name);
    };
  };
  const any = (map: Map<string, unknown[]>, names: readonly string[]) => names.some((name) => map.has(name));

  const reportFailure = (meta: EventMeta, error: unknown) => {
    logger.error({ err: error, event: meta.event, collection: meta.collection }, 'action event handler failed');
  };

  return {
    onFilter: (name, handler) => add(filters, name, handler),
    onAction: (name, handler) => add(actions, name, handler),
    hasFilter: (names) => any(filters, names),
    hasAction: (names) => any(actions, names),
    async filter(names, payload, meta, context) {
      let current = payload;
      for (const name of names) {
        const handlers = filters.get(name);
        if (!handlers) continue;
        for (const handler of handlers) {
          const result = await handler(current, { ...meta, event: name }, context);
          if (result !== undefined) current = result as typeof payload;
        }
      }
      return current;
    },
    action(names, meta, context) {
      for (const name of names) {
        const handlers = actions.get(name);
        if (!handlers) continue;
        for (const handler of handlers) {
          const full: EventMeta = { ...meta, event: name };
          try {
            const result = handler(full, context);
            if (result instanceof Promise) result.catch((error: unknown) => reportFailure(full, error));
          } catch (error) {
            reportFailure(full, error);
          }
        }
      }
    },
  };
}
