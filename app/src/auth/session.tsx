import { readMe } from '@directus/sdk';
import { createContext, type ComponentChildren } from 'preact';
import { useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState } from 'preact/hooks';
import { sessionEvents, type Client } from '../api/client.js';
import { forgetSharedReads } from '../api/shared-reads.js';
import { errorCode, signInMessage } from '../api/errors.js';
import { applyLanguage, browserLanguages, pickLanguage } from '../i18n/language.js';
import { t } from '../i18n/t.js';

export type CurrentUser = {
  id: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  /** Masked (`**********`) when two-factor is on, null when off. */
  tfa_secret: string | null;
  /** The user's language (null: the project's default, else the browser's) and colour scheme, read with the rest. */
  language: string | null;
  appearance: string | null;
};

export type Session = {
  client: Client;
  /** `undefined` while the app finds out whether a session exists; `null` when signed out. */
  user: CurrentUser | null | undefined;
  /** Why the session ended, when the server said (a suspended account); shown on the sign-in page. */
  notice: string | null;
  /** Signs in (session mode); throws the SDK error (INVALID_OTP when a one-time code is needed). */
  signIn(email: string, password: string, otp?: string): Promise<void>;
  signOut(): Promise<void>;
  /** Reads the signed-in user again (after a change to their account). */
  reloadUser(): Promise<void>;
};

const SessionContext = createContext<Session | null>(null);

const USER_FIELDS = ['id', 'email', 'first_name', 'last_name', 'tfa_secret', 'language', 'appearance'];

/** The display name of a user: first and last name, else the e-mail address. */
export function displayName(user: CurrentUser): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return name || user.email || t('Unknown user');
}

/**
 * Whether this browser may hold a session cookie: set when a sign-in starts (password or single sign-on) or a
 * refresh succeeds, removed when the session ends. The cookie itself is httpOnly; without this hint every signed-out
 * load would ask `/auth/refresh` and log its 400 in the console.
 */
const SESSION_HINT = 'stratum.session';

function hintSession(present: boolean): void {
  try {
    if (present) window.localStorage.setItem(SESSION_HINT, '1');
    else window.localStorage.removeItem(SESSION_HINT);
  } catch {
    // Storage refused (private mode): the app still works, asking the server on each load.
  }
}

function sessionHinted(): boolean {
  try {
    return window.localStorage.getItem(SESSION_HINT) !== null;
  } catch {
    return true;
  }
}

/** Signed out, the app speaks the browser's language again (the signed-in user's may have been another). */
function backToBrowserLanguage(): Promise<void> {
  return applyLanguage(pickLanguage(null, browserLanguages()), 'signed-out').catch(() => undefined);
}

/** Called before leaving for a single sign-on provider, which comes back with a session cookie. */
export function expectSession(): void {
  hintSession(true);
}

/**
 * What the signed-in pages will need, started early (decision 0182): `code` when a session is about to be restored
 * (before `/auth/refresh` answers), `data` as soon as the session is known (beside the user's own read).
 */
export type WarmUp = { code(): void; data(client: Client): void };

/**
 * Holds who is signed in. On start, when this browser may hold a session, it asks the server for a fresh token with
 * the refresh cookie (a silent sign-in after a reload); from then on the SDK refreshes the session cookie before it
 * expires.
 */
export function SessionProvider({ client, warmUp, children }: { client: Client; warmUp?: WarmUp; children: ComponentChildren }) {
  const [user, setUser] = useState<CurrentUser | null | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);

  const loadUser = useCallback(async () => {
    setUser((await client.request(readMe({ fields: USER_FIELDS }))) as CurrentUser);
  }, [client]);

  // A layout effect: the restore starts as soon as the first render is done, not a frame later after the paint.
  useLayoutEffect(() => {
    let cancelled = false;
    if (!sessionHinted()) {
      setUser(null);
      return;
    }
    warmUp?.code();
    client
      .refresh()
      .then(() => {
        if (cancelled) return undefined;
        warmUp?.data(client);
        return loadUser();
      })
      .catch((failure: unknown) => {
        if (cancelled) return;
        hintSession(false);
        // No session is the normal case; a suspended account is worth saying.
        if (errorCode(failure) === 'USER_SUSPENDED') setNotice(signInMessage(failure));
        setUser(null);
      });
    return () => {
      cancelled = true;
    };
  }, [client, loadUser, warmUp]);

  // A 401 on any API call while signed in: back to the sign-in page, saying why.
  useEffect(() => {
    const ended = () => {
      void backToBrowserLanguage().then(() =>
        setUser((current) => {
          if (current) {
            hintSession(false);
            client.stopRefreshing();
            forgetSharedReads(client);
            setNotice(t('Your session has ended. Sign in again.'));
            return null;
          }
          return current;
        }),
      );
    };
    sessionEvents.addEventListener('session-ended', ended);
    return () => sessionEvents.removeEventListener('session-ended', ended);
  }, [client]);

  const session = useMemo<Session>(
    () => ({
      client,
      user,
      notice,
      async signIn(email, password, otp) {
        setNotice(null);
        await client.login({ email, password }, otp ? { otp, mode: 'session' } : { mode: 'session' });
        hintSession(true);
        forgetSharedReads(client);
        warmUp?.data(client);
        await loadUser();
      },
      reloadUser: loadUser,
      async signOut() {
        try {
          await client.logout();
        } finally {
          hintSession(false);
          client.stopRefreshing();
          forgetSharedReads(client);
          await backToBrowserLanguage();
          setUser(null);
        }
      },
    }),
    [client, user, notice, loadUser, warmUp],
  );

  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
