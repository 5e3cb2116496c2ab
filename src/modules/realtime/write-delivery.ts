import type { Context } from '../../engine/context.js';
import type { Accountability } from '../../kernel/context/index.js';
import type { AppError } from '../../kernel/errors/index.js';
import type { Logger } from '../../kernel/logger.js';
import type { ItemsService } from '../items/index.js';
import { coalesceNotices, type QueuedNotice } from './coalesce-notices.js';
import type { Connection, Subscription, WriteNotice } from './realtime.types.js';
import { queryKey } from './shared-reads.js';
import { concerns, eventData } from './subscribe.js';
import type { VerifiedIdentities } from './verified-identity.js';

/** Under a sustained write load, the shortest time from one batch of writes to the next (ms; decision 0070). */
export const BATCH_SPACING_MS = 10;

/** A socket whose unsent data passed WEBSOCKETS_MAX_BUFFERED_SIZE is closed with this (decision 0070). */
export const CLOSE_SLOW = 1013;

export type WriteDeliveryDeps = {
  logger: Logger;
  items: ItemsService;
  contextFor(accountability: Accountability): Promise<Context>;
  /** Makes this instance's caches current (the versions): once per batch of writes, for every socket of it. */
  prepare(): Promise<void>;
  identities: VerifiedIdentities;
  /** Tells a socket once that its token stopped holding. */
  tell(connection: Connection, lost: AppError): void;
  connections(): Iterable<Connection>;
  /** Whether anyone on this instance subscribed to the collection. */
  listening(collection: string): boolean;
  /** Runs `work` behind what the socket queued before; `idle`: nothing was queued, so it starts at once. */
  behind(connection: Connection, work: () => Promise<void>): { done: Promise<void>; idle: boolean };
  end(connection: Connection, code: number, reason: string): void;
  /** Tells the other instances of writes made here. */
  publish?: (notice: WriteNotice) => void;
  /** WEBSOCKETS_MAX_BUFFERED_SIZE in bytes. */
  maxBuffered: number;
};

export type WriteDelivery = {
  /** A write: queued and delivered after the current turn of the event loop, never on the writer's path. */
  enqueue(notice: WriteNotice, local: boolean): void;
  /** Resolves once everything queued so far has been handed to the sockets that were idle. */
  settled(): Promise<void>;
};

/** One read of one write for the sockets with the same reader and query, and its messages, serialised once. */
type Group = { data: Promise<unknown>; json?: string; texts: Map<string, Buffer> };

/**
 * Realtime's delivery (issue 28, decision 0070): writes are queued after commit and delivered from a queue of
 * their own in a later turn, so the write's answer never waits for them. While a batch is delivered, the writes
 * that arrive wait and are then coalesced (consecutive writes of one collection and action become one notice
 * with their keys). For each notice: one token check per socket (cheap while nothing moved), one read per
 * (reader, query), its message serialised once per `uid` and the same buffer sent to every socket of the group.
 */
export function createWriteDelivery(deps: WriteDeliveryDeps): WriteDelivery {
  const { logger } = deps;
  let pending: QueuedNotice[] = [];
  let running: Promise<void> | null = null;
  const queryKeys = new WeakMap<Subscription, string>();
  const keyOf = (subscription: Subscription) => {
    let key = queryKeys.get(subscription);
    if (key === undefined) {
      key = queryKey(subscription);
      queryKeys.set(subscription, key);
    }
    return key;
  };

  const read = async (accountability: Accountability, subscription: Subscription, notice: WriteNotice): Promise<unknown> => {
    try {
      return await eventData(await deps.contextFor(accountability), deps.items, subscription, notice);
    } catch (error) {
      logger.error({ err: error, collection: notice.collection }, 'realtime delivery failed');
      return null;
    }
  };

  const textOf = (group: Group, data: unknown, action: WriteNotice['action'], uid: Subscription['uid']): Buffer => {
    const uidJson = uid === undefined ? '' : JSON.stringify(uid);
    let text = group.texts.get(uidJson);
    if (!text) {
      group.json ??= JSON.stringify(data);
      text = Buffer.from(
        `{"type":"subscription","event":${JSON.stringify(action)},"data":${group.json}${uid === undefined ? '' : `,"uid":${uidJson}`}}`,
      );
      group.texts.set(uidJson, text);
    }
    return text;
  };

  const deliverTo = async (connection: Connection, notice: WriteNotice, groups: Map<string, Group>, ready: Promise<void>) => {
    await ready;
    const subscriptions = connection.subscriptions.filter((s) => concerns(s, notice));
    if (subscriptions.length === 0 || connection.closed) return;
    const who = await deps.identities.of(connection);
    if (who.lost) deps.tell(connection, who.lost);
    // A GraphQL socket is closed when its token stops holding (decision 0071): nothing more to read for it.
    if (connection.closed) return;
    for (const subscription of subscriptions) {
      const key = `${who.reader}|${keyOf(subscription)}`;
      let group = groups.get(key);
      if (!group) {
        group = { data: read(who.accountability, subscription, notice), texts: new Map() };
        groups.set(key, group);
      }
      const data = await group.data;
      if (data === null || connection.closed || !connection.subscriptions.includes(subscription)) continue;
      if (subscription.sink) {
        group.json ??= JSON.stringify(data);
        if (subscription.sink(notice.action, data, group.json.length) > deps.maxBuffered) return slow(connection);
        continue;
      }
      if ((connection.socket.bufferedAmount?.() ?? 0) > deps.maxBuffered) return slow(connection);
      connection.socket.send(textOf(group, data, notice.action, subscription.uid));
    }
  };
  const slow = (connection: Connection) => {
    logger.warn({ connection: connection.id }, 'realtime: a socket fell too far behind its events and was closed');
    deps.end(connection, CLOSE_SLOW, 'Too far behind');
  };

  /** Takes each concerned socket's place in its queue at once (so nothing it sends later overtakes the write). */
  const deliver = (notice: WriteNotice, ready: Promise<void>): Promise<unknown> => {
    if (!deps.listening(notice.collection)) return Promise.resolve();
    const groups = new Map<string, Group>();
    const started: Promise<void>[] = [];
    for (const connection of deps.connections()) {
      if (connection.closed || !connection.subscriptions.some((s) => concerns(s, notice))) continue;
      const { done, idle } = deps.behind(connection, () => deliverTo(connection, notice, groups, ready));
      // A socket busy with its own messages hears of the write after them, without holding up the others.
      if (idle) started.push(done);
    }
    return Promise.all(started);
  };

  const drain = async () => {
    try {
      while (pending.length > 0) {
        const started = performance.now();
        const batch = coalesceNotices(pending.splice(0));
        for (const { notice, local } of batch) if (local) deps.publish?.(notice);
        // One version check for the whole batch, awaited by each socket in its own queue.
        const ready = deps
          .prepare()
          .catch((error: unknown) => logger.warn({ err: error }, 'realtime: the cache versions could not be read'));
        await Promise.all(batch.map(({ notice }) => deliver(notice, ready)));
        // Writes came in meanwhile (a sustained load): batches at most every BATCH_SPACING_MS, so that more of
        // them coalesce and each socket is written to less often. A lone write never waits.
        const wait = BATCH_SPACING_MS - (performance.now() - started);
        if (pending.length > 0 && wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    } catch (error) {
      logger.error({ err: error }, 'realtime delivery failed');
      pending = [];
    } finally {
      running = null;
    }
  };

  return {
    enqueue(notice, local) {
      pending.push({ notice, local });
      running ??= new Promise<void>((resolve) => setImmediate(resolve)).then(drain);
    },
    settled: () => running ?? Promise.resolve(),
  };
}
