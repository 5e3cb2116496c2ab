import type { Config } from '../../config/index.js';
import type { AuditRecorder } from '../../engine/audit-recorder.js';
import { withTransaction, type Context } from '../../engine/context.js';
import { actionAfterCommit, filterWrite } from '../../engine/write-events.js';
import { forbidden, invalidPayload } from '../../kernel/errors/index.js';
import { CONCEALED } from '../../kernel/text/concealed.js';
import { hashPassword } from '../../kernel/text/password-hash.js';
import { assertPasswordPolicy } from '../../kernel/text/password-policy.js';
import type { Mailer } from '../mail/index.js';
import type { RecordSessionEnd } from './create-auth-service.js';
import type { Throttle } from './login-throttle.js';
import { passwordResetMessage } from './password-reset-message.js';
import { fingerprintMatches, passwordFingerprint, signResetToken, verifyResetToken } from './reset-token.js';
import { assertResetUrl, buildResetLink } from './reset-url.js';
import { siteName } from './site-name.js';

export type PasswordService = {
  /**
   * `POST /auth/password/request`: mails a one-time reset link to an active user of the `default` provider.
   * Known and unknown addresses look the same to the caller (same answer, same fixed delay; the mail leaves
   * after the answer). Throws only for a bad payload (400), a refused `reset_url` (400) or the throttle (429).
   */
  requestReset(ctx: Context, input: { email: string; resetUrl: string | null }): Promise<void>;
  /** `POST /auth/password/reset`: sets the password the token allows, once, and ends every session of the user. */
  resetPassword(ctx: Context, input: { token: string; password: string }): Promise<void>;
};

type UserRow = { id: string; email: string | null; password: string | null; status: string; provider: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL_LENGTH = 254;
const MAX_TOKEN_LENGTH = 4096;

export function createPasswordService(deps: {
  config: Config;
  audit: AuditRecorder;
  mailer: Mailer;
  /** Password requests per address and IP (the login throttle's budget, own counters). */
  requestThrottle: Throttle;
  /** The failed-login throttle: a successful reset clears the address's count. */
  loginThrottle: Throttle;
  /** Announces the sign-ins a reset ends (decision 0042). */
  recordSessionEnd?: RecordSessionEnd;
}): PasswordService {
  const { config, audit, mailer } = deps;
  const site = siteName(config.server.publicUrl);

  const stall = async (started: number) => {
    const wait = config.auth.loginStallTime - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };

  return {
    async requestReset(ctx, { email, resetUrl }) {
      const started = Date.now();
      let message: ReturnType<typeof passwordResetMessage> | null = null;
      try {
        if (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email)) throw invalidPayload('"email" must be a valid email');
        if (resetUrl !== null) assertResetUrl(resetUrl, config.auth.passwordResetUrlAllowList);
        await deps.requestThrottle.begin(email, ctx.accountability.ip);
        const address = email.trim().toLowerCase();
        const user = (await ctx
          .db('service_users')
          .select('id', 'email', 'password', 'status', 'provider')
          .whereRaw('LOWER(??) = ?', ['email', address])
          .first()) as UserRow | undefined;
        const eligible = user !== undefined && user.status === 'active' && user.provider === 'default' && user.email !== null;
        // Recorded for every request (the address when nobody has it): the trail shows attempts on unknown
        // addresses too, and both cases cost one write.
        await withTransaction(ctx, (trx) =>
          audit.recordEvent(trx, {
            action: 'password_request',
            collection: 'service_users',
            item: eligible ? user.id : address.slice(0, 255),
          }),
        );
        if (eligible) {
          const token = await signResetToken(
            config.secret,
            { sub: user.id, email: address, hash: passwordFingerprint(config.secret, user.password) },
            ctx.now(),
          );
          message = passwordResetMessage({ to: user.email!, link: buildResetLink(config.server.publicUrl, resetUrl, token), site });
        }
      } finally {
        await stall(started);
      }
      // Handed over after the fixed delay and outside the answer: how long sending takes (or whether it
      // fails) never shows in the response.
      const pending = message;
      if (pending) setImmediate(() => mailer.send(pending));
    },

    async resetPassword(ctx, { token, password }) {
      if (token.length > MAX_TOKEN_LENGTH) throw invalidPayload('"token" is too long');
      const claims = await verifyResetToken(config.secret, token, ctx.now());
      if (password === '') throw invalidPayload('"password" is not allowed to be empty');
      assertPasswordPolicy(config.auth.passwordPolicy, password);
      const user = (await ctx
        .db('service_users')
        .select('id', 'email', 'password', 'status', 'provider')
        .where({ id: claims.sub })
        .first()) as UserRow | undefined;
      const usable =
        user !== undefined &&
        user.status === 'active' &&
        user.provider === 'default' &&
        user.email?.toLowerCase() === claims.email &&
        fingerprintMatches(passwordFingerprint(config.secret, user.password), claims.hash);
      if (!usable) throw forbidden();
      const hashed = await hashPassword(password, config.auth.passwordHash);
      await withTransaction(ctx, async (trx) => {
        // The users.update events of the change (decision 0048): a filter may refuse it (what it returns is not
        // used: the new password is the owner's), the action tells the keys with the password masked.
        await filterWrite(trx, 'service_users', 'update', { password }, { keys: [user.id] });
        // Only if the password is still the one the token was made for: of two concurrent resets with the
        // same token, one wins and the other is refused.
        const unchanged = trx.db('service_users').where({ id: user.id });
        if (user.password === null) void unchanged.whereNull('password');
        else void unchanged.where({ password: user.password });
        if ((await unchanged.update({ password: hashed })) === 0) throw forbidden();
        await deps.recordSessionEnd?.(trx.db);
        await trx.db('service_sessions').where({ user: user.id }).delete();
        await audit.recordEvent(trx, { action: 'password_reset', collection: 'service_users', item: user.id, user: user.id });
        actionAfterCommit(trx, 'service_users', 'update', { keys: [user.id], payload: { password: CONCEALED } });
      });
      // The owner proved who they are: failed logins before the reset no longer hold them back.
      await deps.loginThrottle
        .clear(claims.email, ctx.accountability.ip)
        .catch((error: unknown) => ctx.logger.warn({ err: error }, 'could not clear the login throttle after a password reset'));
    },
  };
}
