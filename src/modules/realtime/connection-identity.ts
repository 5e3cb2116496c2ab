import type { Context } from '../../engine/context.js';
import type { Accountability } from '../../kernel/context/index.js';
import { authFailed, isAppError, type AppError } from '../../kernel/errors/index.js';
import type { AuthService } from '../auth/index.js';
import type { AuthMessage, Connection } from './realtime.types.js';

export type IdentityDeps = {
  auth: AuthService;
  contextFor(accountability: Accountability): Promise<Context>;
  /** Makes this instance's caches current (the session version: a sign-in ended anywhere is seen here). */
  prepare(): Promise<void>;
};

/**
 * Who the socket is now: its token checked again (expiry, the sign-in still live, the user still active:
 * decision 0042). A token that no longer holds is dropped and the socket goes on as the public role; the
 * returned error (TOKEN_EXPIRED, INVALID_CREDENTIALS, USER_SUSPENDED, …) is told to the client once.
 */
export async function currentIdentity(
  deps: IdentityDeps,
  connection: Connection,
): Promise<{ accountability: Accountability; lost?: AppError }> {
  await deps.prepare();
  if (connection.token === null) {
    // The public role as it is now (its policies may have changed since).
    connection.accountability = await deps.auth.authenticate({ ...connection.origin, token: null });
    return { accountability: connection.accountability };
  }
  try {
    connection.accountability = await deps.auth.authenticate({ ...connection.origin, token: connection.token });
    return { accountability: connection.accountability };
  } catch (error) {
    if (!isAppError(error)) throw error;
    connection.token = null;
    connection.accountability = await deps.auth.authenticate({ ...connection.origin, token: null });
    return { accountability: connection.accountability, lost: error };
  }
}

/**
 * Handles an `auth` message: an access token, a login (through the auth service and so its login throttle) or a
 * refresh. Resolves to the refresh token to hand back (login and refresh), or null; throws AUTH_FAILED (the
 * precise reason stays in the log) or REQUESTS_EXCEEDED (the login throttle).
 */
export async function authenticateConnection(
  deps: IdentityDeps,
  connection: Connection,
  message: AuthMessage,
): Promise<{ refreshToken: string | null; cause?: unknown }> {
  try {
    let token: string;
    let refreshToken: string | null = null;
    if (message.access_token !== undefined) {
      token = message.access_token;
    } else {
      const ctx = await deps.contextFor(await deps.auth.authenticate({ ...connection.origin, token: null }));
      const result =
        message.refresh_token !== undefined
          ? await deps.auth.refresh(ctx, { refreshToken: message.refresh_token, mode: 'json' })
          : await deps.auth.login(ctx, {
              email: message.email ?? '',
              password: message.password ?? '',
              mode: 'json',
              otp: message.otp ?? null,
            });
      token = result.accessToken;
      refreshToken = result.refreshToken;
    }
    const accountability = await deps.auth.authenticate({ ...connection.origin, token });
    // A user's token, or a share session's (it reads its one item: decision 0105).
    if (accountability.user === null && !accountability.share) throw authFailed();
    connection.token = token;
    connection.accountability = accountability;
    return { refreshToken };
  } catch (error) {
    if (isAppError(error) && error.code === 'REQUESTS_EXCEEDED') throw error;
    throw Object.assign(authFailed(), { cause: error });
  }
}
