import { writeEventNames, type EventMeta } from '../kernel/events/index.js';
import { onCommit, type Context } from './context.js';

type WriteAction = 'create' | 'update' | 'delete';

/**
 * The one place writes emit their events (decision 0048). `filterWrite` runs the `filter` handlers of a write
 * before it, with the caller's context (inside the write's transaction: a handler's own reads and writes join
 * it, and its throw rolls everything back); it resolves to the payload to write. A context with `emitEvents: false`
 * (a flow's item operation asked so) skips the handlers, here and in `actionAfterCommit`.
 */
export function filterWrite<P>(
  ctx: Context,
  collection: string,
  action: WriteAction,
  payload: P,
  meta: Omit<EventMeta, 'event'>,
): Promise<P> {
  const names = writeEventNames(collection, action);
  if (ctx.emitEvents === false || !ctx.events.hasFilter(names)) return Promise.resolve(payload);
  return ctx.events.filter(names, payload, { ...meta, collection }, ctx);
}

/** Whether a write to `collection` has filter handlers (then it runs in a transaction, where they can act first). */
export function hasWriteFilter(ctx: Context, collection: string, action: WriteAction): boolean {
  return ctx.emitEvents !== false && ctx.events.hasFilter(writeEventNames(collection, action));
}

/**
 * Queues the `action` event of a write until its transaction has committed (at once outside one): a rolled-back
 * write emits nothing. The handlers get the context without its transaction (`db` is the pool again).
 */
export function actionAfterCommit(ctx: Context, collection: string, action: WriteAction, meta: Omit<EventMeta, 'event'>): void {
  if (ctx.emitEvents === false) return;
  const names = writeEventNames(collection, action);
  if (!ctx.events.hasAction(names)) return;
  emitAfterCommit(ctx, names, { ...meta, collection });
}

/** Queues any action event (e.g. `auth.login`) until the current transaction commits, or emits it now. */
export function emitAfterCommit(ctx: Context, names: readonly string[], meta: Omit<EventMeta, 'event'>): void {
  if (!ctx.events.hasAction(names)) return;
  onCommit(ctx, () => ctx.events.action(names, { ...meta, accountability: ctx.accountability }, committedContext(ctx)));
}

/** The context an action handler gets: no transaction, no pending work of the write. */
export function committedContext(ctx: Context): Context {
  const { afterCommit: _after, childRevisions: _children, outerDb, ...rest } = ctx;
  return { ...rest, db: ctx.inTransaction ? (outerDb ?? ctx.db) : ctx.db, inTransaction: false };
}
