/** Who is asking, resolved once per request (or fixed for system work and the CLI). */
export type Accountability = {
  /** The user's id, or null for public requests and system work. */
  user: string | null;
  /** The user's own role. */
  role: string | null;
  /** The user's role and every ancestor role, root first. */
  roles: string[];
  /** Ids of every policy that applies to this request (after the IP filter). */
  policies: string[];
  admin: boolean;
  app: boolean;
  ip: string | null;
  userAgent: string | null;
  origin: string | null;
  /** Id of the session row a session-bound token belongs to. */
  session: string | null;
  /** The sign-in (`service_sessions.family`) the token belongs to, in every login mode; null for static tokens. */
  sessionFamily?: string | null;
  /** A share session (`POST /shares/auth`): the share and what it opens; no user, no role, no policies of its own. */
  share?: ShareScope | null;
};

/** What a share session may read: one item, within its role's and its creator's read rules (decision 0105). */
export type ShareScope = {
  /** The share's id. */
  id: string;
  collection: string;
  item: string;
  /** The share's role (its policies bound what it reads), or null: only the creator's rules bound it. */
  role: string | null;
  /** The share's creator (`user_created`): a share never reads more than they may, at read time. */
  creator: string | null;
};

export type RequestOrigin = { ip?: string | null; userAgent?: string | null; origin?: string | null };

/** The accountability of work the platform does itself (bootstrap, migrations, the CLI): admin, no user. */
export function systemAccountability(origin: RequestOrigin = {}): Accountability {
  return {
    user: null,
    role: null,
    roles: [],
    policies: [],
    admin: true,
    app: true,
    ip: origin.ip ?? null,
    userAgent: origin.userAgent ?? null,
    origin: origin.origin ?? null,
    session: null,
  };
}

/** An anonymous request: only the public policies apply (filled in by the permission engine). */
export function publicAccountability(origin: RequestOrigin = {}, policies: string[] = []): Accountability {
  return {
    user: null,
    role: null,
    roles: [],
    policies,
    admin: false,
    app: false,
    ip: origin.ip ?? null,
    userAgent: origin.userAgent ?? null,
    origin: origin.origin ?? null,
    session: null,
  };
}
