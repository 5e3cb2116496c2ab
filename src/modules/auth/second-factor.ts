import type { Context } from '../../engine/context.js';
import type { CounterStore } from '../../engine/rate-limit/create-counter-store.js';
import { hashRecoveryCode, looksLikeRecoveryCode, storedRecoveryHashes } from './recovery-codes.js';
import { matchTotp } from './totp.js';

/** Long enough to outlive every window a step's code is accepted in (its step ± 1 of 30 s). */
const REPLAY_MEMORY_MS = 120_000;

/**
 * Remembers which time step of a user's codes has been used: a one-time password works once (RFC 6238 §5.2),
 * so a code read over someone's shoulder or from a log cannot be replayed within its window. Kept in the
 * shared counter store (memory, or Redis for several instances). With Redis unreachable it fails closed
 * (503; decision 0019): recovery codes, kept in the database, still work.
 */
export type OtpReplayGuard = {
  /** True the first time a user's step is claimed, false afterwards. */
  claim(userId: string, step: number): Promise<boolean>;
};

export function createOtpReplayGuard(store: CounterStore): OtpReplayGuard {
  return {
    async claim(userId, step) {
      const window = await store.increment(`tfa-otp:${userId}:${step}`, REPLAY_MEMORY_MS, { requireShared: true });
      return window.count === 1;
    },
  };
}

export type TfaState = { secret: string | null; recoveryHashes: string[] };

/**
 * Locks the user's row for the rest of the transaction (an update that changes nothing: every vendor holds its
 * row lock until commit), then reads the two-factor columns. Two requests spending the same recovery code
 * are thereby serialised: the second one sees the code gone.
 */
export async function lockTfaState(ctx: Context, userId: string): Promise<TfaState | null> {
  await ctx
    .db('service_users')
    .where({ id: userId })
    .update({ tfa_secret: ctx.db.ref('tfa_secret') });
  const row = (await ctx.db('service_users').select('tfa_secret', 'tfa_recovery_codes').where({ id: userId }).first()) as
    { tfa_secret: string | null; tfa_recovery_codes: unknown } | undefined;
  if (!row) return null;
  return {
    secret: row.tfa_secret || null,
    recoveryHashes: storedRecoveryHashes(ctx.dialect.fromDatabase('json', row.tfa_recovery_codes)),
  };
}

export type SecondFactor = 'totp' | 'recovery_code';

/**
 * Checks a second factor inside the caller's transaction (after lockTfaState): a six-digit code of the user's
 * secret within one step of now, not used before; or, when `allowRecoveryCode`, one of the user's unused
 * recovery codes, which is spent (removed) in the same transaction. Null when it is neither.
 */
export async function useSecondFactor(
  ctx: Context,
  guard: OtpReplayGuard,
  input: { userId: string; state: TfaState; otp: string; allowRecoveryCode: boolean },
): Promise<SecondFactor | null> {
  const { userId, state, otp } = input;
  if (!state.secret) return null;
  const step = matchTotp(state.secret, otp.trim(), ctx.now());
  if (step !== null) return (await guard.claim(userId, step)) ? 'totp' : null;
  if (!input.allowRecoveryCode || !looksLikeRecoveryCode(otp)) return null;
  const hash = hashRecoveryCode(otp);
  if (!state.recoveryHashes.includes(hash)) return null;
  const left = state.recoveryHashes.filter((h) => h !== hash);
  await ctx
    .db('service_users')
    .where({ id: userId })
    .update({ tfa_recovery_codes: ctx.dialect.toDatabase('json', left) });
  return 'recovery_code';
}
