import { authentication, createDirectus, rest } from '@directus/sdk';

/**
 * The app's only API client: the official SDK against the server that serves the app, in session mode (the
 * access token lives in an httpOnly cookie; the SDK refreshes it before it expires). Where the SDK has no
 * command, callers use `client.request(customEndpoint({ path, … }))` on this same client.
 */
export function createClient(url: string = window.location.origin) {
  return createDirectus(url)
    .with(authentication('session', { credentials: 'include', autoRefresh: true }))
    .with(rest({ credentials: 'include' }));
}

export type Client = ReturnType<typeof createClient>;
