/**
 * The event bus's vocabulary (decision 0048). Names follow Directus's hooks: `items.create`, `<collection>.items.create`,
 * `users.update`, `auth.login`, … A `filter` runs before a write, inside its transaction, and may return a changed
 * payload or throw to refuse it; an `action` runs after the commit and can change nothing.
 */

/** Where an event stands. */
export type EventKind = 'filter' | 'action';

/** What a handler learns about the event besides the payload (Directus's `meta`). */
export type EventMeta = {
  /** The name the event was emitted under, e.g. `items.create` (a handler registered for several names tells them apart). */
  event: string;
  /** The collection written (absent for events that are not about one, such as `auth.login`). */
  collection?: string;
  /** The key of the item created (`*.create` actions). */
  key?: string | number;
  /** The keys of the items updated or deleted. */
  keys?: (string | number)[];
  /** What was written (actions): the item created, the data applied, the keys deleted. */
  payload?: unknown;
  /** Who wrote (actions; filter handlers find it in their context): the writer's Accountability. */
  accountability?: unknown;
  /** Anything else an event carries (`auth.login`: `user`, `provider`, `status`). */
  [extra: string]: unknown;
};

/** Returns the payload to use instead, or nothing to keep it; throws to refuse the write. */
export type FilterHandler<C> = (payload: unknown, meta: EventMeta, context: C) => unknown;

/** Runs after the commit; what it returns or throws changes nothing (a throw is logged). */
export type ActionHandler<C> = (meta: EventMeta, context: C) => unknown;

export type EventBus<C> = {
  /** Registers a filter handler for one event name; returns a function that removes it. */
  onFilter(name: string, handler: FilterHandler<C>): () => void;
  /** Registers an action handler for one event name; returns a function that removes it. */
  onAction(name: string, handler: ActionHandler<C>): () => void;
  /** Whether any filter handler listens to one of these names (a write with none takes no detour for events). */
  hasFilter(names: readonly string[]): boolean;
  /** Whether any action handler listens to one of these names. */
  hasAction(names: readonly string[]): boolean;
  /**
   * Runs the filter handlers of each name in turn (names in the order given, handlers in the order registered),
   * each receiving the payload the previous one returned; resolves to the final payload. A throw propagates.
   */
  filter<P>(names: readonly string[], payload: P, meta: Omit<EventMeta, 'event'>, context: C): Promise<P>;
  /**
   * Starts the action handlers of each name (names in the order given, handlers in the order registered) and
   * returns without waiting for them: a throw or a rejection is logged, never passed on.
   */
  action(names: readonly string[], meta: Omit<EventMeta, 'event'>, context: C): void;
};
