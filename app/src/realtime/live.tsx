import { createContext, type ComponentChildren } from 'preact';
import { useContext, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { sessionEvents } from '../api/client.js';
import { createLiveConnection, type LiveConnection, type LiveEvent, type LiveState, type LiveSubscription } from './live-connection.js';
import { sdkSocket } from './live-socket.js';
import { t } from '../i18n/t.js';

const LiveContext = createContext<LiveConnection | null>(null);

/**
 * The signed-in app's one realtime connection (it opens when a view first subscribes). Signing out unmounts it,
 * which closes the socket; a refreshed session cookie reopens it, since the socket's user is the upgrade's cookie.
 */
export function LiveProvider({ children, open = sdkSocket }: { children: ComponentChildren; open?: typeof sdkSocket }) {
  const connection = useMemo(() => createLiveConnection(() => open()), [open]);
  useEffect(() => {
    const renew = () => connection.renew();
    sessionEvents.addEventListener('session-refreshed', renew);
    return () => {
      sessionEvents.removeEventListener('session-refreshed', renew);
      connection.close();
    };
  }, [connection]);
  return <LiveContext.Provider value={connection}>{children}</LiveContext.Provider>;
}

/**
 * Subscribes while the calling view is shown (to each of `subscriptions`, none while null), calling `onEvent` with
 * their events; unsubscribes when the view goes or the subscriptions change (compared as JSON). Answers `live` once
 * the server confirmed one of them (its `init`), else the connection's state.
 */
export function useLive(subscriptions: LiveSubscription | LiveSubscription[] | null, onEvent: (event: LiveEvent) => void): LiveState {
  const connection = useContext(LiveContext);
  const [state, setState] = useState<LiveState>(connection?.state() ?? 'unavailable');
  // The `key` whose init arrived.
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const list = subscriptions === null ? [] : Array.isArray(subscriptions) ? subscriptions : [subscriptions];
  const key = JSON.stringify(list);
  useEffect(() => {
    if (!connection) return;
    setState(connection.state());
    return connection.onState(setState);
  }, [connection]);
  useEffect(() => {
    if (!connection || list.length === 0) return;
    const offs = list.map((subscription) =>
      connection.subscribe(subscription, (event) => {
        if (event.event === 'init') setConfirmed(key);
        handler.current(event);
      }),
    );
    return () => offs.forEach((off) => off());
  }, [connection, key]);
  if (state === 'live') return confirmed === key && list.length > 0 ? 'live' : 'connecting';
  return state;
}

/** A short line saying whether the view updates live, for the views that do (nothing while connecting). */
export function LiveNote({ state }: { state: LiveState }) {
  if (state === 'live') return <p class="live-note">{t('Updates live')}</p>;
  return null;
}

/** How long a burst of events is gathered into one reading again (a batch of writes is one event per request anyway). */
const REFRESH_GATHER_MS = 250;

/**
 * For lists: a number that grows (at most once per a quarter second) whenever the subscription's data changed on
 * the server, so the view reads its page again; also after a reconnection, when events may have been missed.
 */
export function useLiveRefresh(subscriptions: LiveSubscription | LiveSubscription[] | null): { state: LiveState; changes: number } {
  const [changes, setChanges] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const state = useLive(subscriptions, (event) => {
    if (event.event === 'init' && !event.again) return;
    timer.current ??= setTimeout(() => {
      timer.current = null;
      setChanges((n) => n + 1);
    }, REFRESH_GATHER_MS);
  });
  return { state, changes };
}
