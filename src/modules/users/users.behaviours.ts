import { forbiddenAction, invalidPayload } from '../../kernel/errors/index.js';
import { assertPasswordPolicy } from '../../kernel/text/password-policy.js';
import type { RecordSessionEnd } from '../auth/create-auth-service.js';
import { exceptCurrentSignIn } from '../auth/create-sessions-service.js';
import type { CollectionBehaviour } from '../items/index.js';
import type { AccessCaches } from '../policies/index.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Fields that decide a user's own access: only administrators may write them. */
const ACCESS_FIELDS = [
  'role',
  'policies',
  'status',
  'token',
  'provider',
  'external_identifier',
  'auth_data',
  'tfa_secret',
  'tfa_recovery_codes',
];

/**
 * Users: e-mail is normalised and checked; a new password meets AUTH_PASSWORD_POLICY; nobody but an
 * administrator changes their own access; sessions end with a deactivation or a change of credentials.
 */
export function usersBehaviour(caches: AccessCaches, recordSessionEnd?: RecordSessionEnd): CollectionBehaviour {
  return {
    beforeWrite(ctx, { action, payload, keys }) {
      // Every path that sets a password (REST, GraphQL, /users/me, the CLI) meets AUTH_PASSWORD_POLICY.
      if (typeof payload.password === 'string') assertPasswordPolicy(ctx.config.auth.passwordPolicy, payload.password);
      if (typeof payload.email === 'string') {
        const email = payload.email.trim().toLowerCase();
        if (!EMAIL.test(email)) throw invalidPayload('"email" must be a valid email');
        payload = { ...payload, email };
      }
      // Clearing the secret (an administrator's PATCH) turns two-factor off: the recovery codes go with it.
      if ('tfa_secret' in payload && !payload.tfa_secret) payload = { ...payload, tfa_recovery_codes: null };
      if (!ctx.accountability.admin) {
        const own = action === 'update' && keys.some((k) => String(k) === ctx.accountability.user);
        const touched = ACCESS_FIELDS.filter((f) => f in payload);
        if (own && touched.length > 0) throw forbiddenAction(action, 'service_users', touched);
      }
      return payload;
    },
    async afterWrite(ctx, { action, payload, keys }) {
      // Every instance caches user rows (role, status) for tokens: a change of either, or a deletion, is announced.
      if (action === 'delete' || (payload !== null && ('role' in payload || 'status' in payload))) await caches.record(ctx.db);
      // A deletion ends the user's sign-ins (their rows go with the user).
      if (action === 'delete') await recordSessionEnd?.(ctx.db);
      if (action !== 'update' || payload === null || keys.length === 0) return;
      // A user who is no longer active loses every session; a new password or e-mail ends the other ones
      // (Directus), so a session can't outlive the credentials it was opened with.
      const deactivated = 'status' in payload && payload.status !== 'active';
      if (!deactivated && !('password' in payload) && !('email' in payload)) return;
      await recordSessionEnd?.(ctx.db);
      const sessions = ctx.db('service_sessions').whereIn('user', keys.map(String));
      // The sign-in the change came from stays (every row of it, so a refresh in its grace period still works).
      await (deactivated ? sessions : exceptCurrentSignIn(sessions, ctx.accountability)).delete();
    },
    afterCommit: caches.invalidate,
  };
}
