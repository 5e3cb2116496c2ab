import type { CacheRegistry } from '../../kernel/caches/index.js';
import type { Accountability } from '../../kernel/context/index.js';
import type { AppError } from '../../kernel/errors/index.js';
import { currentIdentity, type IdentityDeps } from './connection-identity.js';
import type { Connection } from './realtime.types.js';
import { readerKey } from './shared-reads.js';

/** Who a socket is, as last checked in full: good until `until` (ms) unless a cache version moves first. */
type Verified = { accountability: Accountability; reader: string; until: number };

export type VerifiedIdentities = {
  /**
   * Who the socket is now. Answered from memory while its last full check holds — its token not expired and no
   * access, session or schema version moved since (the registry empties the memory when one does, on any
   * instance's change: decision 0042) — otherwise checked in full (`currentIdentity`). `lost` is the error to tell
   * the client once (its token stopped holding). Call `prepare()` (the cache sync) before, once per batch.
   */
  of(connection: Connection): Promise<{ accountability: Accountability; reader: string; lost?: AppError }>;
  /** Forgets a socket (closed, or its token changed). */
  forget(connection: Connection): void;
};

/** Most sockets remembered; past it the least recent is checked in full again (correct, only slower). */
const MAX_SOCKETS = 100_000;

/**
 * Realtime's cheap token re-check (issue 28): a socket's token is verified in full once, then before each event only
 * its expiry is compared with the clock, and the shared versions decide the rest — a sign-out, suspension,
 * password or role change raises the session or access version, which empties this cache here and on every other
 * instance at its next version check. Kept in the app's registry (decision 0050).
 */
export function createVerifiedIdentities(deps: IdentityDeps & { caches: CacheRegistry; now: () => Date }): VerifiedIdentities {
  const cache = deps.caches.lru<number, Verified>('realtime.identities', {
    max: MAX_SOCKETS,
    invalidatedBy: ['schema', 'access', 'sessions'],
  });
  return {
    async of(connection) {
      const known = cache.get(connection.id);
      if (known && known.until > deps.now().getTime() && known.accountability === connection.accountability) {
        return { accountability: known.accountability, reader: known.reader };
      }
      const identity = await currentIdentity(deps, connection);
      const until = connection.token === null ? Infinity : tokenExpiry(connection.token);
      const reader = readerKey(identity.accountability);
      if (!connection.closed) cache.set(connection.id, { accountability: identity.accountability, reader, until });
      return { ...identity, reader };
    },
    forget(connection) {
      cache.delete(connection.id);
    },
  };
}

/**
 * When a token that just authenticated stops holding by time alone (ms): its `exp` claim; a static token (not a
 * JWT) has none. Read without verifying: the full check before it did.
 */
export function tokenExpiry(token: string): number {
  const parts = token.split('.');
  if (parts.length !== 3) return Infinity;
  try {
    const payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : Infinity;
  } catch {
    return Infinity;
  }
}
