import type { Config } from '../../config/index.js';
import { asSystem, type Context } from '../../engine/context.js';
import { evaluateValidation } from '../../engine/permissions/evaluate-validation.js';
import type { Filter } from '../../engine/schema-overview/schema-overview.types.js';
import { forbidden, invalidPayload } from '../../kernel/errors/index.js';
import { hashPassword } from '../../kernel/text/password-hash.js';
import { assertPasswordPolicy } from '../../kernel/text/password-policy.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';
import { assertLinkUrl, buildTokenLink, passwordFingerprint, signPurposeToken, siteName, type Throttle } from '../auth/index.js';
import type { ItemsService } from '../items/index.js';
import type { Mailer, MailMessage } from '../mail/index.js';
import { normalizedEmail } from './normalized-email.js';
import { existingAccountMessage, verifyEmailMessage } from './user-messages.js';
import { redeemUserToken } from './redeem-user-token.js';
import { userByEmail, userById } from './user-rows.js';

/** Directus's scope of e-mail verification tokens. */
export const REGISTRATION_SCOPE = 'pending-registration';

export type Registration = {
  email: string;
  password: string;
  firstName: string | null;
  lastName: string | null;
  verificationUrl: string | null;
};

export type RegistrationService = {
  /**
   * `POST /users/register` (public, while the setting `public_registration` is on): creates an active user, or an
   * `unverified` one mailed a verification link when `public_registration_verify_email` is on. An address that
   * already has an account answers exactly as a new one, after the same delay (REGISTER_STALL_TIME) and the same
   * work (one password hash); it changes nothing but an unverified registration, and its owner gets a notice.
   */
  register(ctx: Context, input: Registration): Promise<void>;
  /** `GET /users/register/verify-email?token=`: the unverified user the token names becomes active; their id. */
  verify(ctx: Context, token: string): Promise<string>;
};

type RegistrationSettings = {
  public_registration?: unknown;
  public_registration_verify_email?: unknown;
  public_registration_role?: unknown;
  public_registration_email_filter?: unknown;
};

export function createRegistrationService(deps: {
  config: Config;
  items: ItemsService;
  mailer: Mailer;
  /** Registrations per address and IP. */
  registerThrottle: Throttle;
  /** Verifications per IP. */
  verifyThrottle: Throttle;
}): RegistrationService {
  const { config, items, mailer } = deps;
  const stall = async (started: number) => {
    const wait = config.auth.users.registerStallTime - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };

  const settingsOf = async (ctx: Context) => {
    const row = (await items.readSingleton(asSystem(ctx), 'service_settings', {
      fields: ['public_registration', 'public_registration_verify_email', 'public_registration_role', 'public_registration_email_filter'],
    })) as RegistrationSettings;
    return {
      open: row.public_registration === true,
      verify: row.public_registration_verify_email !== false,
      role: typeof row.public_registration_role === 'string' ? row.public_registration_role : null,
      filter: isPlainObject(row.public_registration_email_filter) ? (row.public_registration_email_filter as Filter) : null,
    };
  };

  const verificationMail = async (ctx: Context, user: { id: string; email: string }, url: string | null): Promise<MailMessage> => {
    const stored = await userById(ctx, user.id);
    const token = await signPurposeToken(
      config.secret,
      REGISTRATION_SCOPE,
      { sub: user.id, email: user.email, hash: passwordFingerprint(config.secret, stored?.password ?? null) },
      ctx.now(),
      config.auth.users.verificationTokenTtl / 1000,
    );
    const link = buildTokenLink(config.server.publicUrl, url, '/users/register/verify-email', token);
    return verifyEmailMessage({ to: user.email, link, site: siteName(config.server.publicUrl) });
  };

  return {
    async register(ctx, input) {
      const started = Date.now();
      let message: MailMessage | null = null;
      try {
        if (input.verificationUrl !== null)
          assertLinkUrl(input.verificationUrl, config.auth.users.registerUrlAllowList, 'verify registered users');
        const email = normalizedEmail(input.email);
        assertPasswordPolicy(config.auth.passwordPolicy, input.password);
        await deps.registerThrottle.begin(email, ctx.accountability.ip);
        const settings = await settingsOf(ctx);
        if (!settings.open) throw forbidden();
        if (settings.filter !== null && evaluateValidation(settings.filter, { email }).length > 0) throw forbidden();
        const system = asSystem(ctx);
        const names = { first_name: input.firstName, last_name: input.lastName };
        const existing = await userByEmail(ctx, email);
        if (existing === undefined) {
          const id = String(
            await items.createOne(system, 'service_users', {
              email,
              password: input.password,
              role: settings.role,
              status: settings.verify ? 'unverified' : 'active',
              provider: 'default',
              ...names,
            }),
          );
          if (settings.verify) message = await verificationMail(ctx, { id, email }, input.verificationUrl);
        } else if (existing.status === 'unverified' && existing.provider === 'default') {
          // Whoever registered first never proved the address: the latest registration's password is the one the
          // link activates (earlier links are spent with the old password), so nobody can take over an address
          // by registering it before its owner does.
          await items.updateOne(system, 'service_users', existing.id, { password: input.password, ...names });
          message = await verificationMail(ctx, { id: existing.id, email }, input.verificationUrl);
        } else {
          // The same work as a new registration (a password hash), nothing written; the owner hears of it.
          await hashPassword(input.password, config.auth.passwordHash);
          message = existingAccountMessage({ to: existing.email ?? email, site: siteName(config.server.publicUrl) });
        }
      } finally {
        await stall(started);
      }
      // After the fixed delay and outside the answer: sending never shows in the response.
      const pending = message;
      if (pending) setImmediate(() => mailer.send(pending));
    },

    async verify(ctx, token) {
      await deps.verifyThrottle.begin('verify-email', ctx.accountability.ip);
      return redeemUserToken(ctx, items, { scope: REGISTRATION_SCOPE, token, status: 'unverified', data: { status: 'active' } });
    },
  };
}

/** The registration fields of a request body, checked (400 INVALID_PAYLOAD otherwise). */
export function registrationOf(body: Record<string, unknown>): Registration {
  const optional = (field: string): string | null => {
    const value = body[field];
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') throw invalidPayload(`"${field}" must be a string`);
    return value;
  };
  const required = (field: string): string => {
    const value = optional(field);
    if (value === null) throw invalidPayload(`"${field}" is required`);
    if (value === '') throw invalidPayload(`"${field}" is not allowed to be empty`);
    return value;
  };
  return {
    email: required('email'),
    password: required('password'),
    firstName: optional('first_name'),
    lastName: optional('last_name'),
    verificationUrl: optional('verification_url'),
  };
}
