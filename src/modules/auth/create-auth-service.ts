import { randomUUID } from 'node:crypto';
import { hashPassword, verifyPassword } from '../../kernel/text/password-hash.js';
import type { Knex } from 'knex';
import type { Config } from '../../config/index.js';
import type { Dialect } from '../../database/dialects/dialect.js';
import type { AuditRecorder } from '../../engine/audit-recorder.js';
import { withTransaction, type Context } from '../../engine/context.js';
import { emitAfterCommit } from '../../engine/write-events.js';
import type { PermissionsEngine } from '../../engine/permissions/create-permissions-engine.js';
import { createMemoryCounterStore } from '../../engine/rate-limit/memory-counter-store.js';
import type { CacheRegistry } from '../../kernel/caches/index.js';
import type { Accountability, RequestOrigin } from '../../kernel/context/index.js';
import { invalidCredentials, invalidOtp, userSuspended } from '../../kernel/errors/index.js';
import { createAccessTokens, type AccessClaims } from './access-token.js';
import { createLiveSignIns } from './live-sign-ins.js';
import { createThrottle, type Throttle, type ThrottledAttempt } from './login-throttle.js';
import { createOtpReplayGuard, lockTfaState, useSecondFactor, type OtpReplayGuard } from './second-factor.js';
import { hashSessionToken, newSessionToken, rotateToken } from './session-token.js';
import { readShareScope } from './share-scope.js';

export type LoginMode = 'json' | 'cookie' | 'session';
export type TokenResult = { accessToken: string; refreshToken: string; expires: number; sessionId: string; family: string };

export type AuthService = {
  /** Token (or none) → accountability; throws TOKEN_EXPIRED / INVALID_TOKEN / INVALID_CREDENTIALS. */
  authenticate(input: RequestOrigin & { token: string | null }): Promise<Accountability>;
  /** Password, then (for a user with two-factor on) `otp`: a current code or an unused recovery code. */
  login(ctx: Context, input: { email: string; password: string; mode: LoginMode; otp?: string | null }): Promise<TokenResult>;
  refresh(ctx: Context, input: { refreshToken: string; mode: LoginMode }): Promise<TokenResult>;
  logout(ctx: Context, refreshToken: string): Promise<void>;
  /**
   * A session for a user already identified (single sign-on); records the `login`. A user with two-factor on
   * must give `otp` (a current code or an unused recovery code), else 401 INVALID_OTP.
   */
  openSession(ctx: Context, userId: string, mode: LoginMode, options?: { otp?: string | null; provider?: string }): Promise<TokenResult>;
  /**
   * A share session (`POST /shares/auth`): `within` checks the share and counts the use in the session's
   * transaction (throwing refuses it); the tokens name the share, not a user (decision 0105).
   */
  openShareSession(ctx: Context, shareId: string, mode: LoginMode, within: (trx: Context) => Promise<void>): Promise<TokenResult>;
  /** Forgets which sign-ins this instance knew to be live (the session version moved: decision 0042). */
  forgetSignIns(): void;
};

/** The event a sign-in emits: filter before its session is written (may refuse it), action after (decision 0048). */
const LOGIN_EVENT = ['auth.login'];
/** Who signs in, as the auth.login event tells it. */
type SignIn = { email: string | null; provider: string };

/** Announces, in the ending transaction, that sign-ins ended (raises the session version: decision 0042). */
export type RecordSessionEnd = (db: Knex) => Promise<void>;

type SessionRow = {
  id: string;
  token: string;
  /** Null for a share session, which names its share. */
  user: string | null;
  share: string | null;
  expires: unknown;
  next_token: string | null;
  family: string | null;
  date_created: unknown;
};

async function findSession(ctx: Context, tokenHash: string): Promise<SessionRow | undefined> {
  return (await ctx
    .db('service_sessions')
    .select('id', 'token', 'user', 'share', 'expires', 'next_token', 'family', 'date_created')
    .where({ token: tokenHash })
    .first()) as SessionRow | undefined;
}

function toTime(ctx: Context, value: unknown): number {
  return new Date(String(ctx.dialect.fromDatabase('timestamp', value))).getTime();
}

/** The user behind a session must still be active; otherwise the session ends (suspended: USER_SUSPENDED). */
async function assertActive(ctx: Context, session: SessionRow, ended: RecordSessionEnd): Promise<void> {
  if (session.user === null) {
    // A share session lasts while its share exists and is inside its dates.
    if (session.share && (await readShareScope(ctx.db, ctx.dialect, session.share, ctx.now().getTime()))) return;
    await endChain(ctx, session, ended);
    throw invalidCredentials();
  }
  const user = (await ctx.db('service_users').select('status').where({ id: session.user }).first()) as { status: string } | undefined;
  if (user && user.status === 'active') return;
  await endChain(ctx, session, ended);
  if (user?.status === 'suspended') throw userSuspended();
  throw invalidCredentials();
}

/**
 * Ends a sign-in: every row of its family (those it was rotated from, still in their grace period, and those it
 * was rotated into), so no earlier session cookie or refresh token of it outlives the end. Rows from before
 * families existed are followed along their rotation chain.
 */
async function endChain(ctx: Context, session: SessionRow, ended: RecordSessionEnd): Promise<void> {
  await ended(ctx.db);
  if (session.family) {
    await ctx.db('service_sessions').where({ family: session.family, user: session.user }).delete();
    return;
  }
  const ids = [session.id];
  let next = session.next_token;
  for (let hops = 0; next !== null && hops < 1000; hops++) {
    const successor = await findSession(ctx, next);
    if (!successor || ids.includes(successor.id)) break;
    ids.push(successor.id);
    next = successor.next_token;
  }
  await ctx.db('service_sessions').whereIn('id', ids).delete();
}

/**
 * Forgets a user's dead sessions: expired current ones, and rotated ones whose rotation is older than a
 * refresh-token lifetime (until then they are kept to recognise the reuse of a leaked token).
 */
async function purgeSessions(ctx: Context, user: string, now: number, refreshTtl: number): Promise<void> {
  const nowValue = ctx.dialect.toDatabase('timestamp', new Date(now).toISOString()) as string;
  const rotatedBefore = ctx.dialect.toDatabase('timestamp', new Date(now - refreshTtl).toISOString()) as string;
  await ctx
    .db('service_sessions')
    .where({ user })
    .where((q) => {
      void q
        .where((a) => void a.whereNull('next_token').where('expires', '<', nowValue))
        .orWhere((b) => void b.whereNotNull('next_token').where('last_used', '<', rotatedBefore));
    })
    .delete();
}

function errorCode(error: unknown): unknown {
  return typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
}

export function createAuthService(deps: {
  config: Config;
  knex: Knex;
  dialect: Dialect;
  permissions: PermissionsEngine;
  audit: AuditRecorder;
  /** The app's cache registry (verified access tokens live there; decision 0050). */
  caches: CacheRegistry;
  throttle?: Throttle;
  otpGuard?: OtpReplayGuard;
  /** The app passes the cache sync's; alone (unit tests), a single instance needs no announcement. */
  recordSessionEnd?: RecordSessionEnd;
  /** The app's clock (AppOverrides.now): what a presented token's and session's expiry is checked against. */
  now?: () => Date;
}): AuthService {
  const { config, permissions, audit } = deps;
  const clock = deps.now ?? (() => new Date());
  const ended: RecordSessionEnd = deps.recordSessionEnd ?? (async () => undefined);
  const signIns = createLiveSignIns({ knex: deps.knex, dialect: deps.dialect, caches: deps.caches });
  const tokens = createAccessTokens(config.secret, deps.caches);
  /** A dummy hash compared against when the user is unknown, so both failures cost the same; made at the first need. */
  let dummyHash: Promise<string> | null = null;
  // Failed logins per address and per IP (RATE_LIMITER_LOGIN_*); the app passes one over its shared counter store.
  const throttle = deps.throttle ?? createThrottle({ store: createMemoryCounterStore(), config: config.rateLimiter.login, scope: 'login' });
  // One-time passwords already used (the app passes one over the shared counter store).
  const otpGuard = deps.otpGuard ?? createOtpReplayGuard(createMemoryCounterStore());

  /**
   * `enforce_tfa: true` when a policy that applies to the user enforces two-factor and the user has none yet
   * (Directus's claim; the app then asks the user to set it up). Every applicable policy counts, those attached
   * to the user directly too (Directus looks only at the role's).
   */
  const enforcesTfa = async (ctx: Context, accountability: Accountability): Promise<boolean> => {
    const policies = await permissions.policiesOf(accountability);
    if (!policies.some((p) => p.enforceTfa)) return false;
    const row = (await ctx.db('service_users').select('tfa_secret').where({ id: accountability.user }).first()) as
      { tfa_secret: string | null } | undefined;
    return !row?.tfa_secret;
  };

  const issue = async (
    ctx: Context,
    userId: string,
    mode: LoginMode,
    sessionId: string,
    family: string,
    refreshToken: string,
  ): Promise<TokenResult> => {
    const accountability = await permissions.accountabilityForUser(userId, ctx.accountability);
    if (!accountability) throw invalidCredentials();
    const ttl = mode === 'session' ? config.auth.sessionCookieTtl : config.auth.accessTokenTtl;
    const accessToken = await tokens.sign(
      {
        id: userId,
        role: accountability.role,
        app_access: accountability.app,
        admin_access: accountability.admin,
        ...((await enforcesTfa(ctx, accountability)) ? { enforce_tfa: true as const } : {}),
        ...(mode === 'session' ? { session: sessionId } : {}),
        sid: family,
      },
      ttl,
      ctx.now(),
    );
    return { accessToken, refreshToken, expires: ttl, sessionId, family };
  };

  /** A share session's access token: it names the share and its sign-in; no user, app or admin access. */
  const issueShare = async (
    ctx: Context,
    shareId: string,
    mode: LoginMode,
    sessionId: string,
    family: string,
    refreshToken: string,
  ): Promise<TokenResult> => {
    const row = (await ctx.db('service_shares').select('role').where({ id: shareId }).first()) as { role: string | null } | undefined;
    if (!row) throw invalidCredentials();
    const ttl = mode === 'session' ? config.auth.sessionCookieTtl : config.auth.accessTokenTtl;
    const accessToken = await tokens.sign(
      {
        share: shareId,
        role: row.role,
        app_access: false,
        admin_access: false,
        ...(mode === 'session' ? { session: sessionId } : {}),
        sid: family,
      },
      ttl,
      ctx.now(),
    );
    return { accessToken, refreshToken, expires: ttl, sessionId, family };
  };

  /** The accountability of a share session's access token: its sign-in still live, its share inside its dates. */
  const shareAccountability = async (claims: AccessClaims, origin: RequestOrigin, now: Date): Promise<Accountability> => {
    const shareId = claims.share!;
    if (typeof claims.sid !== 'string') throw invalidCredentials();
    const nowValue = deps.dialect.toDatabase('timestamp', now.toISOString()) as string;
    const live = await deps
      .knex('service_sessions')
      .select('id')
      .where({ family: claims.sid, share: shareId })
      .where('expires', '>=', nowValue)
      .modify((q) => void (claims.session ? q.where({ id: claims.session }) : q))
      .first();
    if (!live) throw invalidCredentials();
    const scope = await readShareScope(deps.knex, deps.dialect, shareId, now.getTime());
    if (!scope) throw invalidCredentials();
    return {
      user: null,
      role: null,
      roles: [],
      policies: [],
      admin: false,
      app: false,
      ip: origin.ip ?? null,
      userAgent: origin.userAgent ?? null,
      origin: origin.origin ?? null,
      session: claims.session ?? null,
      sessionFamily: claims.sid,
      share: scope,
    };
  };

  /**
   * Starts a session for a user who has proven who they are (password, SSO): stores the hashed refresh token,
   * stamps `last_access`, forgets dead sessions and records the `login`, in one transaction; the tokens are
   * issued after commit (the permission engine reads through the pool, not the transaction).
   */
  const openSession = async (
    ctx: Context,
    userId: string,
    mode: LoginMode,
    signIn: SignIn,
    within?: (trx: Context) => Promise<void>,
  ): Promise<TokenResult> => {
    const refreshToken = newSessionToken();
    const sessionId = randomUUID();
    await withTransaction(ctx, async (trx) => {
      if (within) await within(trx);
      // auth.login filter handlers may refuse the sign-in (nothing is written); its payload is not theirs to change.
      const payload = { email: signIn.email };
      const meta = { user: userId, provider: signIn.provider };
      if (trx.events.hasFilter(LOGIN_EVENT)) await trx.events.filter(LOGIN_EVENT, payload, { ...meta, status: 'pending' }, trx);
      await trx.db('service_sessions').insert({
        id: sessionId,
        family: sessionId,
        token: hashSessionToken(refreshToken),
        user: userId,
        expires: trx.dialect.toDatabase('timestamp', new Date(trx.now().getTime() + config.auth.refreshTokenTtl).toISOString()),
        ip: trx.accountability.ip,
        user_agent: trx.accountability.userAgent?.slice(0, 1024) ?? null,
        origin: trx.accountability.origin,
        date_created: trx.dialect.toDatabase('timestamp', trx.now().toISOString()),
        last_used: trx.dialect.toDatabase('timestamp', trx.now().toISOString()),
      });
      await trx
        .db('service_users')
        .where({ id: userId })
        .update({ last_access: trx.dialect.toDatabase('timestamp', trx.now().toISOString()) });
      await purgeSessions(trx, userId, trx.now().getTime(), config.auth.refreshTokenTtl);
      await audit.recordEvent(trx, { action: 'login', collection: 'service_users', item: userId, user: userId });
      emitAfterCommit(trx, LOGIN_EVENT, { ...meta, payload, status: 'success' });
    });
    return issue(ctx, userId, mode, sessionId, sessionId, refreshToken);
  };

  /** The second-factor check run in the session's transaction: nothing for a user without two-factor. */
  const requireSecondFactor = (userId: string, otp: string | null) => async (trx: Context) => {
    const state = await lockTfaState(trx, userId);
    if (!state?.secret) return;
    const used = otp ? await useSecondFactor(trx, otpGuard, { userId, state, otp, allowRecoveryCode: true }) : null;
    if (!used) throw invalidOtp();
    if (used === 'recovery_code')
      await audit.recordEvent(trx, { action: 'tfa_recovery_code_used', collection: 'service_users', item: userId, user: userId });
  };
  /** Opens a session behind the second factor; a refused code is recorded as a `login_failed`. */
  const openVerifiedSession = (ctx: Context, userId: string, mode: LoginMode, otp: string | null, tfa: boolean, signIn: SignIn) =>
    openSession(ctx, userId, mode, signIn, tfa ? requireSecondFactor(userId, otp) : undefined).catch(async (error: unknown) => {
      if ((error as { code?: unknown }).code === 'INVALID_OTP') {
        await audit.recordEvent(ctx, {
          action: 'login_failed',
          collection: 'service_users',
          item: userId,
          user: userId,
          comment: otp ? 'invalid one-time password' : 'one-time password required',
        });
      }
      throw error;
    });

  const stall = async (started: number) => {
    const wait = config.auth.loginStallTime - (Date.now() - started);
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  };

  return {
    async authenticate(input) {
      const origin = { ip: input.ip ?? null, userAgent: input.userAgent ?? null, origin: input.origin ?? null };
      if (!input.token) return permissions.publicAccountability(origin);
      if (tokens.isOurJwt(input.token)) {
        const now = clock();
        const claims = await tokens.verify(input.token, now);
        if (typeof claims.share === 'string') return shareAccountability(claims, origin, now);
        if (typeof claims.id !== 'string') throw invalidCredentials();
        const user = await permissions.getUser(claims.id);
        if (!user || user.status !== 'active') throw invalidCredentials();
        // Every access token names its sign-in; it dies with it (logout, sessions ended, password change,
        // deactivation), on every instance, checked from memory while no sign-in ended anywhere.
        if (typeof claims.sid !== 'string' || !(await signIns.isLive(claims.id, claims.sid, now.getTime()))) throw invalidCredentials();
        if (claims.session) {
          const session = await deps
            .knex('service_sessions')
            .select('id', 'expires')
            .where({ id: claims.session, user: claims.id })
            .first();
          if (!session || new Date(String(session.expires)).getTime() < now.getTime()) throw invalidCredentials();
        }
        const accountability = await permissions.accountabilityForUser(claims.id, {
          ...origin,
          session: claims.session ?? null,
          sessionFamily: typeof claims.sid === 'string' ? claims.sid : null,
        });
        if (!accountability) throw invalidCredentials();
        return accountability;
      }
      const user = (await deps.knex('service_users').select('id').where({ token: input.token, status: 'active' }).first()) as
        { id: string } | undefined;
      if (!user) throw invalidCredentials();
      const accountability = await permissions.accountabilityForUser(user.id, origin);
      if (!accountability) throw invalidCredentials();
      return accountability;
    },

    async login(ctx, { email, password, mode, otp }) {
      const started = Date.now();
      let attempt: ThrottledAttempt | null = null;
      try {
        attempt = await throttle.begin(email, ctx.accountability.ip);
        const user = (await ctx
          .db('service_users')
          .select('id', 'password', 'status', 'provider', 'tfa_secret')
          .whereRaw('LOWER(??) = ?', ['email', email.trim().toLowerCase()])
          .first()) as { id: string; password: string | null; status: string; provider: string; tfa_secret: string | null } | undefined;
        dummyHash ??= hashPassword(randomUUID(), config.auth.passwordHash);
        const hash = user?.password ?? (await dummyHash);
        const valid = await verifyPassword(hash, password);
        if (!user || !valid || user.status !== 'active' || user.provider !== 'default' || !user.password) {
          await audit.recordEvent(ctx, {
            action: 'login_failed',
            collection: 'service_users',
            item: user?.id ?? email.slice(0, 255),
            user: user?.id ?? null,
          });
          emitAfterCommit(ctx, LOGIN_EVENT, { payload: { email }, status: 'fail', user: user?.id ?? null, provider: 'default' });
          throw invalidCredentials();
        }
        // Two-factor (after the password, so a wrong password is always INVALID_CREDENTIALS): the code is checked,
        // and a recovery code spent, in the transaction that opens the session.
        const tokens = await openVerifiedSession(ctx, user.id, mode, otp ?? null, user.tfa_secret !== null, { email, provider: 'default' });
        await attempt.succeeded();
        return tokens;
      } catch (error) {
        // The right password sent without the code two-factor needs (the admin app's first step) is no guess.
        await attempt?.failed(!otp && errorCode(error) === 'INVALID_OTP' ? null : error);
        throw error;
      } finally {
        await stall(started);
      }
    },

    async refresh(ctx, { refreshToken, mode }) {
      const rotated = await withTransaction(ctx, async (trx) => {
        const session = await findSession(trx, hashSessionToken(refreshToken));
        if (!session) throw invalidCredentials();
        const now = trx.now().getTime();
        const expired = toTime(trx, session.expires) < now;
        if (session.next_token !== null) {
          // A rotated token: inside the grace period it answers with its successor (concurrent tabs);
          // afterwards a reuse means it leaked, so the whole chain is ended.
          if (expired) {
            await endChain(trx, session, ended);
            return null;
          }
          const next = rotateToken(config.secret, refreshToken);
          const successor = await findSession(trx, session.next_token);
          if (!successor || successor.token !== hashSessionToken(next) || toTime(trx, successor.expires) < now) throw invalidCredentials();
          await assertActive(trx, successor, ended);
          return { user: successor.user, share: successor.share, sessionId: successor.id, family: successor.family ?? successor.id, next };
        }
        if (expired) throw invalidCredentials();
        await assertActive(trx, session, ended);
        const next = rotateToken(config.secret, refreshToken);
        const nextHash = hashSessionToken(next);
        // Guarded: of two concurrent refreshes with the same token, one rotates and the other follows it.
        const claimed = await trx
          .db('service_sessions')
          .where({ id: session.id })
          .whereNull('next_token')
          .update({
            next_token: nextHash,
            expires: trx.dialect.toDatabase('timestamp', new Date(now + config.auth.refreshGracePeriod).toISOString()),
            last_used: trx.dialect.toDatabase('timestamp', new Date(now).toISOString()),
          });
        if (claimed === 0) throw invalidCredentials();
        const sessionId = randomUUID();
        // The new row continues the same sign-in: its family and creation time are the first row's.
        const family = session.family ?? session.id;
        await trx.db('service_sessions').insert({
          id: sessionId,
          family,
          token: nextHash,
          user: session.user,
          share: session.share,
          expires: trx.dialect.toDatabase('timestamp', new Date(now + config.auth.refreshTokenTtl).toISOString()),
          ip: trx.accountability.ip,
          user_agent: trx.accountability.userAgent?.slice(0, 1024) ?? null,
          origin: trx.accountability.origin,
          date_created: session.date_created ?? trx.dialect.toDatabase('timestamp', new Date(now).toISOString()),
          last_used: trx.dialect.toDatabase('timestamp', new Date(now).toISOString()),
        });
        if (session.user !== null) await purgeSessions(trx, session.user, now, config.auth.refreshTokenTtl);
        return { user: session.user, share: session.share, sessionId, family, next };
      });
      // A reused rotated token ended its chain (committed); only then is the caller refused.
      if (!rotated) throw invalidCredentials();
      if (rotated.user === null) {
        if (!rotated.share) throw invalidCredentials();
        return issueShare(ctx, rotated.share, mode, rotated.sessionId, rotated.family, rotated.next);
      }
      return issue(ctx, rotated.user, mode, rotated.sessionId, rotated.family, rotated.next);
    },

    forgetSignIns: () => signIns.forget(),

    async openShareSession(ctx, shareId, mode, within) {
      const refreshToken = newSessionToken();
      const sessionId = randomUUID();
      await withTransaction(ctx, async (trx) => {
        await within(trx);
        const now = trx.now().getTime();
        await trx.db('service_sessions').insert({
          id: sessionId,
          family: sessionId,
          token: hashSessionToken(refreshToken),
          user: null,
          share: shareId,
          expires: trx.dialect.toDatabase('timestamp', new Date(now + config.auth.refreshTokenTtl).toISOString()),
          ip: trx.accountability.ip,
          user_agent: trx.accountability.userAgent?.slice(0, 1024) ?? null,
          origin: trx.accountability.origin,
          date_created: trx.dialect.toDatabase('timestamp', new Date(now).toISOString()),
          last_used: trx.dialect.toDatabase('timestamp', new Date(now).toISOString()),
        });
        await audit.recordEvent(trx, { action: 'login', collection: 'service_shares', item: shareId, user: null });
      });
      return issueShare(ctx, shareId, mode, sessionId, sessionId, refreshToken);
    },

    async openSession(ctx, userId, mode, options) {
      const otp = options?.otp ?? null;
      const user = (await ctx.db('service_users').select('email', 'tfa_secret').where({ id: userId }).first()) as
        { email: string | null; tfa_secret: string | null } | undefined;
      const signIn = { email: user?.email ?? null, provider: options?.provider ?? 'default' };
      if (!user?.tfa_secret) return openVerifiedSession(ctx, userId, mode, otp, true, signIn);
      // A single sign-on of a user with two-factor: the code is guessed like a password, under the same throttle.
      const attempt = await throttle.begin(user.email ?? userId, ctx.accountability.ip);
      try {
        const tokens = await openVerifiedSession(ctx, userId, mode, otp, true, signIn);
        await attempt.succeeded();
        return tokens;
      } catch (error) {
        await attempt.failed(!otp && errorCode(error) === 'INVALID_OTP' ? null : error);
        throw error;
      }
    },

    async logout(ctx, refreshToken) {
      await withTransaction(ctx, async (trx) => {
        const session = await findSession(trx, hashSessionToken(refreshToken));
        if (!session) return;
        await endChain(trx, session, ended);
        if (session.user === null) {
          if (session.share)
            await audit.recordEvent(trx, { action: 'logout', collection: 'service_shares', item: session.share, user: null });
          return;
        }
        await audit.recordEvent(trx, { action: 'logout', collection: 'service_users', item: session.user, user: session.user });
      });
    },
  };
}
