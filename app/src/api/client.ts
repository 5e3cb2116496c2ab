import { authentication, createDirectus, rest } from '@directus/sdk';

/**
 * Raises `session-ended` when the API answers 401 outside /auth (the session was ended elsewhere or expired), and
 * `session-refreshed` when a refresh succeeded (the session cookie holds a new token: the realtime socket reopens).
 */
export const sessionEvents = new EventTarget();

/** The browser's fetch, watching for a 401 on API calls (sign-in and refresh failures are the pages' business). */
const watchingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const path = new URL(url, window.location.href).pathname;
  if (response.status === 401 && !path.startsWith('/auth')) sessionEvents.dispatchEvent(new Event('session-ended'));
  if (response.ok && path === '/auth/refresh') sessionEvents.dispatchEvent(new Event('session-refreshed'));
  return response;
};

/**
 * The app's only API client: the official SDK against the server that serves the app, in session mode (the
 * access token lives in an httpOnly cookie; the SDK refreshes it before it expires). Where the SDK has no
 * command, callers use `client.request(customEndpoint({ path, … }))` on this same client.
 */
export function createClient(url: string = window.location.origin) {
  return createDirectus(url, { globals: { fetch: watchingFetch } })
    .with(authentication('session', { credentials: 'include', autoRefresh: true }))
    .with(rest({ credentials: 'include' }));
}

export type Client = ReturnType<typeof createClient>;
