import { randomUUID } from 'node:crypto';
import type { Config } from '../../config/index.js';
import { asSystem, type Context } from '../../engine/context.js';
import { forbidden, invalidCredentials, invalidPayload } from '../../kernel/errors/index.js';
import { hashPassword, verifyPassword } from '../../kernel/text/password-hash.js';
import { isUuid } from '../../kernel/values/is-uuid.js';
import type { AuthService, LoginMode, Throttle, TokenResult } from '../auth/index.js';
import type { ItemsService } from '../items/index.js';
import type { Mailer, MailMessage } from '../mail/index.js';
import { shareInviteMessage, sharePageLink } from './share-message.js';

/** What `GET /shares/info/:id` answers (Directus's fields; the password only says whether there is one). */
export const SHARE_INFO_FIELDS = ['id', 'collection', 'item', 'password', 'max_uses', 'times_used', 'date_start', 'date_end'];
/** Most addresses one share invitation may name. */
const MAX_INVITES = 100;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type SharesService = {
  /** `GET /shares/info/:id`, for anybody: a share inside its dates, else 403. */
  info(ctx: Context, id: string): Promise<Record<string, unknown>>;
  /**
   * `POST /shares/auth`: a share inside its dates and uses, with its password when it has one, opens a share
   * session and counts one use; anything else is 401 INVALID_CREDENTIALS. Failures are throttled per share and
   * address like logins (RATE_LIMITER_LOGIN_*).
   */
  auth(ctx: Context, input: { share: string; password: string | null; mode: LoginMode }): Promise<TokenResult>;
  /** `POST /shares/invite`: mails the share's link to each address; the caller must be a user who may read the share. */
  invite(ctx: Context, input: { share: string; emails: string[] }): Promise<void>;
};

type ShareSecret = { password: string | null; date_start: unknown; date_end: unknown; times_used: unknown; max_uses: unknown };

export function createSharesService(deps: {
  config: Config;
  items: ItemsService;
  auth: AuthService;
  mailer: Mailer;
  throttle: Throttle;
}): SharesService {
  const { config, items, auth, mailer, throttle } = deps;
  /** A dummy hash checked when a share is unknown or unusable, so every refusal costs one verification. */
  let dummyHash: Promise<string> | null = null;

  const timeOf = (ctx: Context, value: unknown): number | null =>
    value === null || value === undefined ? null : new Date(String(ctx.dialect.fromDatabase('timestamp', value))).getTime();
  const within = (ctx: Context, start: unknown, end: unknown): boolean => {
    const now = ctx.now().getTime();
    const from = timeOf(ctx, start);
    const until = timeOf(ctx, end);
    return (from === null || from <= now) && (until === null || until >= now);
  };

  /** In the session's transaction: the share is usable and the password right, then one use is counted atomically. */
  const checkAndCount = (share: string, password: string | null) => async (trx: Context) => {
    const row = (await trx
      .db('service_shares')
      .select('password', 'date_start', 'date_end', 'times_used', 'max_uses')
      .where({ id: share })
      .first()) as ShareSecret | undefined;
    const usable =
      row !== undefined &&
      within(trx, row.date_start, row.date_end) &&
      (row.max_uses === null || Number(row.times_used ?? 0) < Number(row.max_uses));
    if (row?.password || !usable) {
      dummyHash ??= hashPassword(randomUUID(), config.auth.passwordHash);
      const valid = await verifyPassword(row?.password ?? (await dummyHash), password ?? '');
      if (!valid || !usable) throw invalidCredentials();
    }
    // Counted only while a use is left, in one statement: two concurrent last uses can't both pass.
    const counted = await trx
      .db('service_shares')
      .where({ id: share })
      .where((q) => void q.whereNull('max_uses').orWhere('times_used', '<', trx.db.ref('max_uses')))
      .increment('times_used', 1);
    if (counted === 0) throw invalidCredentials();
  };

  return {
    async info(ctx, id) {
      if (!isUuid(id)) throw forbidden();
      const row = await items.readOne(asSystem(ctx), 'service_shares', id, { fields: SHARE_INFO_FIELDS });
      if (!within(ctx, row.date_start ?? null, row.date_end ?? null)) throw forbidden();
      return row;
    },

    async auth(ctx, { share, password, mode }) {
      if (!isUuid(share)) throw invalidPayload('"share" must be a valid GUID');
      const attempt = await throttle.begin(`share:${share}`, ctx.accountability.ip);
      try {
        const tokens = await auth.openShareSession(ctx, share, mode, checkAndCount(share, password));
        await attempt.succeeded();
        return tokens;
      } catch (error) {
        await attempt.failed(error);
        throw error;
      }
    },

    async invite(ctx, { share, emails }) {
      if (!ctx.accountability.user && !ctx.permissions.admin) throw forbidden();
      if (!isUuid(share)) throw invalidPayload('"share" must be a valid GUID');
      if (emails.length === 0 || emails.length > MAX_INVITES) throw invalidPayload(`"emails" must name 1 to ${MAX_INVITES} addresses`);
      for (const email of emails) if (!EMAIL.test(email)) throw invalidPayload('"emails" must be valid email addresses');
      const row = await items.readOne(ctx, 'service_shares', share, { fields: ['id', 'name'] });
      const sender = ctx.accountability.user
        ? ((await items.readOne(asSystem(ctx), 'service_users', ctx.accountability.user, {
            fields: ['first_name', 'last_name', 'email'],
          })) as {
            first_name: string | null;
            last_name: string | null;
            email: string | null;
          })
        : null;
      const sharedBy = sender ? [sender.first_name, sender.last_name].filter(Boolean).join(' ') || sender.email : null;
      const link = sharePageLink(config.server.publicUrl, String(row.id));
      const messages: MailMessage[] = [...new Set(emails.map((e) => e.trim().toLowerCase()))].map((to) =>
        shareInviteMessage({ to, link, sharedBy, name: typeof row.name === 'string' && row.name !== '' ? row.name : null }),
      );
      setImmediate(() => {
        for (const message of messages) mailer.send(message);
      });
    },
  };
}
