/** What a view asks to hear: Directus's `subscribe` message without its `type` and `uid`. */
export type LiveSubscription = {
  collection: string;
  event?: 'create' | 'update' | 'delete';
  query?: Record<string, unknown>;
  item?: string | number;
};

/**
 * One event of a subscription. `init` answers the subscribe (its data is what the query reads now); `again` marks
 * an `init` after a reconnection, when events may have been missed meanwhile (the view reads again).
 */
export type LiveEvent = { event: 'init' | 'create' | 'update' | 'delete'; data: unknown; again: boolean };

/**
 * `idle`: nothing subscribed; `connecting`; `live`: the server answered a subscription; `unavailable`: realtime
 * is off on the server or refused this session (the app works without it and does not try again until asked).
 */
export type LiveState = 'idle' | 'connecting' | 'live' | 'unavailable';

/** The little of a WebSocket client the connection needs (the SDK's `realtime()` client, or a fake in tests). */
export type LiveSocket = {
  connect(): Promise<unknown>;
  disconnect(): void;
  send(message: Record<string, unknown>): void;
  onMessage(listener: (message: unknown) => void): () => void;
  onClose(listener: (code: number) => void): () => void;
};

export type LiveConnection = {
  /** Subscribes (connecting first when needed); answers the unsubscribe. */
  subscribe(subscription: LiveSubscription, listener: (event: LiveEvent) => void): () => void;
  /** Opens a new socket (and subscribes again) if one is open: after the session cookie was refreshed. */
  renew(): void;
  /** Ends everything (signing out). */
  close(): void;
  state(): LiveState;
  onState(listener: (state: LiveState) => void): () => void;
};

/** Waits before a reconnection after an established socket closed; after the last, realtime is unavailable. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
/** How long a socket with no subscription stays open (moving from a list to an item keeps it). */
export const IDLE_CLOSE_MS = 10_000;

type Entry = { uid: string; subscription: LiveSubscription; listener: (event: LiveEvent) => void; initialised: boolean; refused: boolean };

/**
 * The app's one realtime connection: views subscribe and unsubscribe; the socket opens on the first subscription and
 * closes a while after the last. A socket that cannot be opened or is refused before it ever worked (realtime off:
 * the upgrade answered 404; a server that does not take the session cookie and wants an `auth` message) makes
 * realtime `unavailable` without retries; one that worked and then closed (a restart: 1001) is opened again after
 * growing delays, and every subscription is sent again.
 */
export function createLiveConnection(openSocket: () => LiveSocket): LiveConnection {
  const entries = new Map<string, Entry>();
  const stateListeners = new Set<(state: LiveState) => void>();
  let current: LiveState = 'idle';
  let socket: LiveSocket | null = null;
  /** Whether `socket` is open (subscriptions are sent at once). */
  let ready = false;
  let detach: (() => void) | null = null;
  let worked = false;
  let attempts = 0;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  let nextUid = 1;
  let closed = false;

  const setState = (state: LiveState) => {
    if (state === current) return;
    current = state;
    stateListeners.forEach((listener) => listener(state));
  };

  const sendSubscribe = (entry: Entry) => {
    socket?.send({ type: 'subscribe', uid: entry.uid, ...entry.subscription });
  };

  const receive = (message: unknown) => {
    if (typeof message !== 'object' || message === null) return;
    const { type, uid, event, data, status } = message as Record<string, unknown>;
    const entry = typeof uid === 'string' ? entries.get(uid) : undefined;
    if (!entry) return;
    if (type === 'subscribe' && status === 'error') {
      // Not readable for this user (INVALID_COLLECTION), or a query the server refuses: this view gets no events.
      entry.refused = true;
      return;
    }
    if (type !== 'subscription' || (event !== 'init' && event !== 'create' && event !== 'update' && event !== 'delete')) return;
    if (event === 'init') {
      worked = true;
      attempts = 0;
      setState('live');
      const again = entry.initialised;
      entry.initialised = true;
      entry.listener({ event, data, again });
      return;
    }
    entry.listener({ event, data, again: false });
  };

  const drop = () => {
    detach?.();
    detach = null;
    const old = socket;
    socket = null;
    ready = false;
    old?.disconnect();
  };

  const giveUp = () => {
    drop();
    setState('unavailable');
  };

  const open = () => {
    if (closed || socket || current === 'unavailable') return;
    const next = openSocket();
    socket = next;
    setState('connecting');
    const offMessage = next.onMessage(receive);
    const offClose = next.onClose(() => {
      if (socket !== next) return;
      detach?.();
      detach = null;
      socket = null;
      ready = false;
      if (closed) return;
      if (!worked || attempts >= RECONNECT_DELAYS_MS.length) return void setState('unavailable');
      setState('connecting');
      retryTimer = setTimeout(() => {
        retryTimer = null;
        if (entries.size > 0) open();
        else setState('idle');
      }, RECONNECT_DELAYS_MS[attempts++]);
    });
    detach = () => {
      offMessage();
      offClose();
    };
    next.connect().then(
      () => {
        if (socket !== next) return;
        ready = true;
        for (const entry of entries.values()) if (!entry.refused) sendSubscribe(entry);
      },
      () => {
        if (socket === next) giveUp();
      },
    );
  };

  return {
    subscribe(subscription, listener) {
      const entry: Entry = { uid: `live-${nextUid++}`, subscription, listener, initialised: false, refused: false };
      entries.set(entry.uid, entry);
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      // An open socket takes it now; a connecting one sends every entry once open; else open one.
      if (socket && ready) sendSubscribe(entry);
      else if (!socket) open();
      return () => {
        if (!entries.delete(entry.uid)) return;
        if (socket && ready && !entry.refused) socket.send({ type: 'unsubscribe', uid: entry.uid });
        if (entries.size === 0 && socket) {
          idleTimer = setTimeout(() => {
            idleTimer = null;
            if (entries.size > 0) return;
            drop();
            if (current !== 'unavailable') setState('idle');
          }, IDLE_CLOSE_MS);
        }
      };
    },
    renew() {
      if (!socket || closed) return;
      drop();
      if (entries.size > 0) open();
      else setState('idle');
    },
    close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      if (idleTimer) clearTimeout(idleTimer);
      entries.clear();
      drop();
      setState('idle');
    },
    state: () => current,
    onState(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
  };
}
