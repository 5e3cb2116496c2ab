import type { Knex } from 'knex';
import type { Dialect } from '../../database/dialects/dialect.js';
import type { CacheRegistry } from '../../kernel/caches/index.js';

export type LiveSignIns = {
  /**
   * Whether the sign-in `sid` (a `service_sessions.family`; rows from before families became their own) of `user`
   * still has a row that has not expired at `now`. Answered from memory while a previous answer holds (until
   * the latest expiry it saw, and until `forget()`); otherwise one indexed query.
   */
  isLive(user: string, sid: string, now: number): Promise<boolean>;
  /** Forgets every answer: sign-ins ended somewhere (the session version moved, decision 0042). */
  forget(): void;
};

const MAX_ENTRIES = 50_000;

/**
 * The per-instance memory of live sign-ins that lets every access token be bound to its sign-in without a
 * database round trip per request. Only "live until" is remembered: an ended sign-in is not (it cannot come back,
 * and the token naming it is refused by the query). A read that began before a `forget()` is not stored.
 * Kept in the app's registry (`auth.live-sign-ins`, decision 0050), emptied by the session version.
 */
export function createLiveSignIns(deps: { knex: Knex; dialect: Dialect; caches: CacheRegistry }): LiveSignIns {
  const { knex, dialect } = deps;
  /** `user|sid` → the latest expiry (ms) of the sign-in's rows when it was read. */
  const live = deps.caches.lru<string, number>('auth.live-sign-ins', { max: MAX_ENTRIES, invalidatedBy: ['sessions'] });
  let generation = 0;

  return {
    async isLive(user, sid, now) {
      const key = `${user}|${sid}`;
      const until = live.get(key);
      if (until !== undefined && until > now) return true;
      const since = generation;
      const row = (await knex('service_sessions').max({ expires: 'expires' }).where({ family: sid, user }).first()) as
        { expires: unknown } | undefined;
      if (!row || row.expires === null || row.expires === undefined) return false;
      const expires = new Date(String(dialect.fromDatabase('timestamp', row.expires))).getTime();
      if (!(expires > now)) return false;
      if (since === generation) live.set(key, expires);
      return true;
    },
    forget() {
      generation++;
      live.clear();
    },
  };
}
