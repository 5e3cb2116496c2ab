import type { Config } from '../../config/index.js';
import { withTransaction, type Context } from '../../engine/context.js';
import { getAccess } from '../../engine/permissions/get-access.js';
import { forbiddenAction, invalidPayload } from '../../kernel/errors/index.js';
import { assertPasswordPolicy } from '../../kernel/text/password-policy.js';
import { isUuid } from '../../kernel/values/is-uuid.js';
import { assertLinkUrl, buildTokenLink, passwordFingerprint, signPurposeToken, siteName, type Throttle } from '../auth/index.js';
import type { ItemsService } from '../items/index.js';
import type { Mailer, MailMessage } from '../mail/index.js';
import { normalizedEmail } from './normalized-email.js';
import { inviteMessage } from './user-messages.js';
import { redeemUserToken } from './redeem-user-token.js';
import { userByEmail } from './user-rows.js';

export const INVITE_SCOPE = 'invite';
/** Most addresses one invitation may name. */
const MAX_INVITES = 100;

export type InvitesService = {
  /**
   * `POST /users/invite`: creates each address that has no account as a user with status `invited` and `role`
   * (through the write path, with the caller's permissions: create on users), gives an address still invited the
   * role, and mails each of them a link with a one-time token. Addresses with an account of another status are left
   * alone. All or nothing; the mails leave after the commit.
   */
  invite(ctx: Context, input: { emails: string[]; role: string; inviteUrl: string | null }): Promise<void>;
  /** `POST /users/invite/accept`: sets the password of the invited user the token names, who becomes active. */
  accept(ctx: Context, input: { token: string; password: string }): Promise<void>;
};

export function createInvitesService(deps: { config: Config; items: ItemsService; mailer: Mailer; throttle: Throttle }): InvitesService {
  const { config, items, mailer } = deps;
  const ttlSeconds = config.auth.users.inviteTokenTtl / 1000;

  return {
    async invite(ctx, { emails, role, inviteUrl }) {
      if (inviteUrl !== null) assertLinkUrl(inviteUrl, config.auth.users.inviteUrlAllowList, 'invite users');
      // Nothing is looked up for a caller who may not create users.
      if (!getAccess(ctx.permissions, 'service_users', 'create')) throw forbiddenAction('create', 'service_users');
      if (!isUuid(role)) throw invalidPayload('"role" must be a valid GUID');
      if (emails.length === 0 || emails.length > MAX_INVITES) throw invalidPayload(`"email" must name 1 to ${MAX_INVITES} addresses`);
      const addresses = [...new Set(emails.map((email) => normalizedEmail(email)))];
      const invited = await withTransaction(ctx, async (trx) => {
        const users: { id: string; email: string; password: string | null }[] = [];
        for (const email of addresses) {
          const existing = await userByEmail(trx, email);
          if (existing === undefined) {
            const id = await items.createOne(trx, 'service_users', { email, role, status: 'invited' });
            users.push({ id: String(id), email, password: null });
          } else if (existing.status === 'invited') {
            if (existing.role !== role) await items.updateOne(trx, 'service_users', existing.id, { role });
            users.push({ id: existing.id, email, password: existing.password });
          }
        }
        return users;
      });
      const site = siteName(config.server.publicUrl);
      const messages: MailMessage[] = [];
      for (const user of invited) {
        const token = await signPurposeToken(
          config.secret,
          INVITE_SCOPE,
          { sub: user.id, email: user.email, hash: passwordFingerprint(config.secret, user.password) },
          ctx.now(),
          ttlSeconds,
        );
        const link = buildTokenLink(config.server.publicUrl, inviteUrl, '/admin/accept-invite', token);
        messages.push(inviteMessage({ to: user.email, link, site }));
      }
      setImmediate(() => {
        for (const message of messages) mailer.send(message);
      });
    },

    async accept(ctx, { token, password }) {
      await deps.throttle.begin('invite-accept', ctx.accountability.ip);
      // The password is checked before the token is spent: a password the policy refuses leaves it usable.
      assertPasswordPolicy(config.auth.passwordPolicy, password);
      await redeemUserToken(ctx, items, { scope: INVITE_SCOPE, token, status: 'invited', data: { password, status: 'active' } });
    },
  };
}
