import type { Knex } from 'knex';
import type { AuditRecorder } from '../../engine/audit-recorder.js';
import type { RecordSessionEnd } from './create-auth-service.js';
import { withTransaction, type Context } from '../../engine/context.js';
import type { Accountability } from '../../kernel/context/index.js';
import { forbidden, invalidCredentials } from '../../kernel/errors/index.js';

/** One sign-in of the caller as `/users/me/sessions` shows it; `id` is stable across refreshes. */
export type SessionInfo = {
  id: string;
  date_created: string | null;
  last_used: string | null;
  expires: string | null;
  ip: string | null;
  user_agent: string | null;
  origin: string | null;
  /** Whether the request's own token belongs to this sign-in. */
  current: boolean;
};

export type SessionsService = {
  list(ctx: Context): Promise<SessionInfo[]>;
  /** Another user's sign-ins, for administrators (`GET /users/:id/sessions`); FORBIDDEN for anyone else. */
  listOf(ctx: Context, user: string): Promise<SessionInfo[]>;
  /** Ends one of the caller's sign-ins; FORBIDDEN when it is not theirs or does not exist (as for items). */
  end(ctx: Context, id: string): Promise<void>;
  /** Ends every sign-in of the caller except the current one (all of them for a static token); answers how many. */
  endOthers(ctx: Context): Promise<number>;
};

type Row = {
  id: string;
  family: string | null;
  date_created: unknown;
  last_used: unknown;
  expires: unknown;
  ip: string | null;
  user_agent: string | null;
  origin: string | null;
};

/**
 * Narrows a `service_sessions` query to every sign-in but the one the request comes from: by its family (any
 * login mode), else by the session row of a session cookie; a static token has no sign-in, so nothing is left out.
 */
export function exceptCurrentSignIn(query: Knex.QueryBuilder, accountability: Accountability): Knex.QueryBuilder {
  const family = accountability.sessionFamily;
  if (family) return query.where((q) => void q.whereNot('family', family).orWhereNull('family'));
  if (accountability.session) return query.whereNot('id', accountability.session);
  return query;
}

function userOf(ctx: Context): string {
  if (!ctx.accountability.user) throw invalidCredentials();
  return ctx.accountability.user;
}

/**
 * The caller's own sessions (beyond Directus). A sign-in is the chain of `service_sessions` rows its refresh
 * token rotated through, named by `family`; its live row is the one not yet rotated. Ending a sign-in deletes
 * the whole chain, so neither its refresh token, nor a session cookie, nor an access token it issued works
 * afterwards (access tokens name their sign-in: decision 0042).
 */
export function createSessionsService(deps: { audit: AuditRecorder; recordSessionEnd?: RecordSessionEnd }): SessionsService {
  const time = (ctx: Context, value: unknown): string | null =>
    value === null || value === undefined ? null : (ctx.dialect.fromDatabase('timestamp', value) as string);

  /** The live (not rotated, not expired) sign-ins of a user, newest first; `current` marks the request's own. */
  const liveSessions = async (ctx: Context, user: string): Promise<SessionInfo[]> => {
    const now = ctx.dialect.toDatabase('timestamp', ctx.now().toISOString()) as string;
    const rows = (await ctx
      .db('service_sessions')
      .select('id', 'family', 'date_created', 'last_used', 'expires', 'ip', 'user_agent', 'origin')
      .where({ user })
      .whereNull('next_token')
      .where('expires', '>', now)
      .orderBy([{ column: 'date_created', order: 'desc' }, { column: 'id' }])) as Row[];
    const current = ctx.accountability.sessionFamily ?? null;
    return rows.map((row) => {
      const id = row.family ?? row.id;
      return {
        id,
        date_created: time(ctx, row.date_created),
        last_used: time(ctx, row.last_used),
        expires: time(ctx, row.expires),
        ip: row.ip,
        user_agent: row.user_agent,
        origin: row.origin,
        current: id === current || row.id === ctx.accountability.session,
      };
    });
  };

  return {
    list: (ctx) => liveSessions(ctx, userOf(ctx)),

    async listOf(ctx, user) {
      if (!ctx.accountability.admin) throw forbidden();
      return liveSessions(ctx, user);
    },

    async end(ctx, id) {
      const user = userOf(ctx);
      await withTransaction(ctx, async (trx) => {
        await deps.recordSessionEnd?.(trx.db);
        const deleted = await trx
          .db('service_sessions')
          .where({ user })
          .where((q) => void q.where('family', id).orWhere('id', id))
          .delete();
        if (deleted === 0) throw forbidden();
        await deps.audit.recordEvent(trx, { action: 'logout', collection: 'service_users', item: user, user });
      });
    },

    async endOthers(ctx) {
      const user = userOf(ctx);
      return withTransaction(ctx, async (trx) => {
        const deleted = await exceptCurrentSignIn(trx.db('service_sessions').where({ user }), ctx.accountability).delete();
        if (deleted > 0) await deps.recordSessionEnd?.(trx.db);
        if (deleted > 0) await deps.audit.recordEvent(trx, { action: 'logout', collection: 'service_users', item: user, user });
        return deleted;
      });
    },
  };
}
