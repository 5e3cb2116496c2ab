import type { Knex } from 'knex';
import { LEASES_TABLE } from '../../database/migrations/index.js';

export type LeaseRequest = {
  /** The job, e.g. `activity-retention`. */
  name: string;
  /** Who asks: one id per process. */
  holder: string;
  /** How long the lease lasts from `now` (ms); a holder that dies frees it after that. */
  ttlMs: number;
  /** Milliseconds since the epoch. */
  now: number;
};

/**
 * Takes the named lease for `holder` until `now + ttlMs` when nobody holds it, its holder's time is up, or the
 * holder already is `holder` (a renewal). True when taken. One conditional UPDATE (atomic on every vendor), and
 * an INSERT the first time a name is used: of two instances inserting at once, the primary key lets one win.
 */
export async function acquireLease(knex: Knex, request: LeaseRequest): Promise<boolean> {
  const { name, holder, now } = request;
  const expiresAt = now + request.ttlMs;
  const updated = await knex(LEASES_TABLE)
    .where({ name })
    .andWhere((free) => free.where('expires_at', '<=', now).orWhere({ holder }))
    .update({ holder, expires_at: expiresAt });
  if (updated > 0) return true;
  try {
    await knex(LEASES_TABLE).insert({ name, holder, expires_at: expiresAt });
    return true;
  } catch (error) {
    // The row exists (held by another, or inserted meanwhile): not ours. Anything else is a real failure.
    if (await knex(LEASES_TABLE).where({ name }).first()) return false;
    throw error;
  }
}
