import type { Config } from '../../config/index.js';
import type { AuditRecorder } from '../../engine/audit-recorder.js';
import { withTransaction, type Context } from '../../engine/context.js';
import { forbidden, invalidCredentials, invalidOtp, invalidPayload } from '../../kernel/errors/index.js';
import { verifyPassword } from '../../kernel/text/password-hash.js';
import type { Throttle } from './login-throttle.js';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import { lockTfaState, useSecondFactor, type OtpReplayGuard } from './second-factor.js';
import { createTotpSecret, isIssuedTotpSecret, matchTotp, otpauthUrl } from './totp.js';
import { isUuid } from '../../kernel/values/is-uuid.js';

export type TfaService = {
  /** `POST /users/me/tfa/generate`: a new secret and its otpauth URL, after the caller's password. Stores nothing. */
  generate(ctx: Context, input: { password: string }): Promise<{ secret: string; otpauth_url: string }>;
  /** `POST /users/me/tfa/enable`: turns two-factor on with a generated secret and a current code; returns the ten recovery codes. */
  enable(ctx: Context, input: { secret: string; otp: string }): Promise<{ recoveryCodes: string[] }>;
  /** `POST /users/me/tfa/disable`: turns it off after a current code or a recovery code. */
  disable(ctx: Context, input: { otp: string }): Promise<void>;
  /** `POST /users/me/tfa/recovery-codes`: ten new recovery codes (the old ones stop working), after a current code. */
  regenerateRecoveryCodes(ctx: Context, input: { otp: string }): Promise<{ recoveryCodes: string[] }>;
  /** `POST /users/:id/tfa/reset`: an administrator turns a user's two-factor off (a lost device). */
  reset(ctx: Context, userId: string): Promise<void>;
};

type UserRow = { id: string; email: string | null; password: string | null; tfa_secret: string | null };

const ALREADY_ENABLED = 'TFA Secret is already set for this user';
const NOT_ENABLED = 'Two-factor authentication is not enabled for this user';

/**
 * Two-factor authentication (TOTP, RFC 6238) for the caller's own account, and its reset by an administrator.
 * Each change is one transaction with its activity row (`tfa_enable`, `tfa_disable`, `tfa_recovery_codes`,
 * `tfa_reset`). Password and code guesses use up the failed-login throttle of the caller's address, so a
 * stolen access token cannot be used to guess either.
 */
export function createTfaService(deps: { config: Config; audit: AuditRecorder; guard: OtpReplayGuard; throttle: Throttle }): TfaService {
  const { config, audit, guard, throttle } = deps;

  const currentUser = async (ctx: Context): Promise<UserRow> => {
    const id = ctx.accountability.user;
    if (!id) throw invalidCredentials();
    const row = (await ctx.db('service_users').select('id', 'email', 'password', 'tfa_secret').where({ id }).first()) as
      UserRow | undefined;
    if (!row) throw invalidCredentials();
    return row;
  };

  /** Runs a guess (password or code) under the throttle of the user's address; a wrong guess keeps its count. */
  const guessing = async <T>(ctx: Context, user: UserRow, work: () => Promise<T>): Promise<T> => {
    const attempt = await throttle.begin(user.email ?? user.id, ctx.accountability.ip);
    try {
      const result = await work();
      await attempt.succeeded();
      return result;
    } catch (error) {
      await attempt.failed(error);
      throw error;
    }
  };

  /** A wrong code is a wrong guess for the throttle (INVALID_OTP) but answers Directus's 400 INVALID_PAYLOAD. */
  const asPayloadError = (error: unknown): unknown =>
    error instanceof Error && (error as { code?: string }).code === 'INVALID_OTP' ? invalidPayload('"otp" is invalid') : error;

  const projectName = async (ctx: Context): Promise<string> => {
    const row = (await ctx.db('service_settings').select('project_name').first()) as { project_name: string | null } | undefined;
    return row?.project_name || 'Stratum';
  };

  const newCodes = (ctx: Context) => {
    const recoveryCodes = newRecoveryCodes();
    return { recoveryCodes, stored: ctx.dialect.toDatabase('json', recoveryCodes.map(hashRecoveryCode)) };
  };

  /** Checks a code for the caller inside `trx` (row locked); a wrong one throws INVALID_OTP for the throttle. */
  const requireCode = async (trx: Context, userId: string, otp: string, allowRecoveryCode: boolean) => {
    const state = await lockTfaState(trx, userId);
    if (!state?.secret) throw invalidPayload(NOT_ENABLED);
    const used = await useSecondFactor(trx, guard, { userId, state, otp, allowRecoveryCode });
    if (!used) throw invalidOtp();
    return used;
  };

  return {
    async generate(ctx, { password }) {
      const user = await currentUser(ctx);
      await guessing(ctx, user, async () => {
        if (!user.password || !(await verifyPassword(user.password, password))) throw invalidCredentials();
      });
      if (user.tfa_secret) throw invalidPayload(ALREADY_ENABLED);
      const secret = createTotpSecret(config.secret, user.id);
      return { secret, otpauth_url: otpauthUrl(secret, await projectName(ctx), user.email ?? user.id) };
    },

    async enable(ctx, { secret, otp }) {
      const user = await currentUser(ctx);
      if (user.tfa_secret) throw invalidPayload(ALREADY_ENABLED);
      if (!isIssuedTotpSecret(config.secret, user.id, secret)) throw invalidPayload('"secret" is invalid');
      await guessing(ctx, user, async () => {
        const step = matchTotp(secret, otp.trim(), ctx.now());
        if (step === null || !(await guard.claim(user.id, step))) throw invalidOtp();
      }).catch((error: unknown) => {
        throw asPayloadError(error);
      });
      const codes = newCodes(ctx);
      await withTransaction(ctx, async (trx) => {
        // Only if still off: of two concurrent enables one wins, the other is told it is already on.
        const changed = await trx
          .db('service_users')
          .where({ id: user.id })
          .whereNull('tfa_secret')
          .update({ tfa_secret: secret, tfa_recovery_codes: codes.stored });
        if (changed === 0) throw invalidPayload(ALREADY_ENABLED);
        await audit.recordEvent(trx, { action: 'tfa_enable', collection: 'service_users', item: user.id });
      });
      return { recoveryCodes: codes.recoveryCodes };
    },

    async disable(ctx, { otp }) {
      const user = await currentUser(ctx);
      if (!user.tfa_secret) throw invalidPayload(NOT_ENABLED);
      await guessing(ctx, user, () =>
        withTransaction(ctx, async (trx) => {
          const used = await requireCode(trx, user.id, otp, true);
          await trx.db('service_users').where({ id: user.id }).update({ tfa_secret: null, tfa_recovery_codes: null });
          await audit.recordEvent(trx, {
            action: 'tfa_disable',
            collection: 'service_users',
            item: user.id,
            comment: `second factor: ${used}`,
          });
        }),
      ).catch((error: unknown) => {
        throw asPayloadError(error);
      });
    },

    async regenerateRecoveryCodes(ctx, { otp }) {
      const user = await currentUser(ctx);
      if (!user.tfa_secret) throw invalidPayload(NOT_ENABLED);
      const codes = newCodes(ctx);
      await guessing(ctx, user, () =>
        withTransaction(ctx, async (trx) => {
          await requireCode(trx, user.id, otp, false);
          await trx.db('service_users').where({ id: user.id }).update({ tfa_recovery_codes: codes.stored });
          await audit.recordEvent(trx, { action: 'tfa_recovery_codes', collection: 'service_users', item: user.id });
        }),
      ).catch((error: unknown) => {
        throw asPayloadError(error);
      });
      return { recoveryCodes: codes.recoveryCodes };
    },

    async reset(ctx, userId) {
      // Administrators only; a missing user is the same 403 as a refused one (it reveals nothing).
      if (!ctx.accountability.admin || !isUuid(userId)) throw forbidden();
      await withTransaction(ctx, async (trx) => {
        // Looked up first: MySQL counts changed rows, not matched ones, so the update's count cannot tell.
        const exists = await trx.db('service_users').select('id').where({ id: userId }).first();
        if (!exists) throw forbidden();
        await trx.db('service_users').where({ id: userId }).update({ tfa_secret: null, tfa_recovery_codes: null });
        await audit.recordEvent(trx, { action: 'tfa_reset', collection: 'service_users', item: userId });
      });
    },
  };
}
