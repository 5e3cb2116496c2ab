/**
 * The benchmark cases. Each one says how to build its request for a given server, and which target of
 * issue 7 applies to it.
 */
import { call, isRecord, login } from './api-client.js';
import type { Seeded } from './seed.js';
import { COLLECTION } from './seed.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './stratum-server.js';

export type Who = 'public' | 'admin' | 'reader';

export type ServerContext = {
  label: string;
  port: number;
  /** The server's process id (for its CPU use). */
  pid: () => number;
  seeded: Seeded;
  /** A valid access token for `who` (renewed by the caller when it gets old). */
  token: (who: Exclude<Who, 'public'>) => Promise<string>;
  /** When profiling: the measured loads' time windows, in seconds of the process's age. */
  windows?: { caseId: string; from: number; to: number }[];
};

export type Hooks = {
  /** May change the body, or the path (a different page on every request). */
  setupRequest: (request: { body?: string | Buffer; path?: string }, context: object) => { body?: string | Buffer; path?: string };
  onResponse: (status: number, body: string) => void;
};

/** One load: a fixed request, or a request whose body each time comes from `hooks`. */
export type LoadSpec = {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  hooks?: Hooks;
};

export type Target = { minVsDirectus: number; minVsFloor?: number };

export type BenchCase = {
  id: string;
  title: string;
  who: Who;
  /** The targets of issue 7 (read cases); undefined: reported without a target. */
  target?: Target;
  /** Path on the floor server, when the floor answers this case (the floor holds a copy of Stratum's data). */
  floorPath?: (stratum: Seeded) => string;
  /** Builds a fresh spec (each warm-up and each measured run gets its own). */
  spec: (server: ServerContext, connections: number) => Promise<LoadSpec>;
};

const READ: Target = { minVsDirectus: 10 };
/** Issue 15: the items list also against its floor (bare Fastify + one prepared statement). */
const ITEMS: Target = { minVsDirectus: 10, minVsFloor: 0.5 };

async function get(server: ServerContext, who: Who, path: string): Promise<LoadSpec> {
  const headers: Record<string, string> = {};
  if (who !== 'public') headers.authorization = `Bearer ${await server.token(who)}`;
  return { method: 'GET', path, headers };
}

export const ITEMS_PATH = `/items/${COLLECTION}?limit=20&filter[status][_eq]=published&sort=-views`;

function items(server: ServerContext, who: Who): Promise<LoadSpec> {
  return get(server, who, ITEMS_PATH);
}

/** Issue 27: the items list with a different filter value on every request, so no kept result answers it. */
const FILTERS: Target = { minVsDirectus: 10, minVsFloor: 0.8 };
const FILTER_VALUES = 5000;

/**
 * The admin's items list with `filter[views][_lte]=N`, N = 10006, 10005, … 5007 in turn (then again): 5,000
 * different requests, far more than any bound on kept results, each answering 20 rows (views run 0–10,006).
 */
async function itemsFilters(server: ServerContext): Promise<LoadSpec> {
  const spec = await get(server, 'admin', `${ITEMS_PATH}&filter[views][_lte]=10006`);
  let next = 0;
  const path = () => `${ITEMS_PATH}&filter[views][_lte]=${10006 - (next++ % FILTER_VALUES)}`;
  return { ...spec, hooks: { setupRequest: (request) => ({ ...request, path: path() }), onResponse: () => undefined } };
}

/**
 * POST /auth/refresh on a rotating server: every request needs a refresh token that has not been used yet.
 * Sessions are made beforehand (3 per connection, by logging in, 5 at a time); each answer's new refresh token goes back
 * into the pool, so every request is a real rotation of a live session and no login is measured. A request
 * that finds the pool empty sends a spent token and is counted as an error.
 */
async function refreshSpec(server: ServerContext, connections: number): Promise<LoadSpec> {
  const pool: string[] = [];
  // At most 5 logins at a time: Directus counts a login attempt before it checks the password and clears the
  // count after a success, so 25 (auth_login_attempts) at once would suspend the user.
  for (let made = 0; made < connections * 3; made += 5) {
    const batch = Math.min(5, connections * 3 - made);
    const sessions = await Promise.all(Array.from({ length: batch }, () => login(server.port, ADMIN_EMAIL, ADMIN_PASSWORD)));
    pool.push(...sessions.map((s) => s.refreshToken));
  }
  return {
    method: 'POST',
    path: '/auth/refresh',
    headers: { 'content-type': 'application/json' },
    body: '{}', // replaced by setupRequest for every request
    hooks: {
      setupRequest: (request) => ({ ...request, body: JSON.stringify({ refresh_token: pool.shift() ?? 'pool-exhausted', mode: 'json' }) }),
      onResponse: (status, body) => {
        if (status !== 200) return;
        try {
          const parsed: unknown = JSON.parse(body);
          if (isRecord(parsed) && isRecord(parsed.data) && typeof parsed.data.refresh_token === 'string')
            pool.push(parsed.data.refresh_token);
        } catch {
          // not JSON: the token is lost, the status already counts
        }
      },
    },
  };
}

async function diffSpec(server: ServerContext): Promise<LoadSpec> {
  const token = await server.token('admin');
  const snapshot = await call(server.port, '/schema/snapshot', { token });
  // The server's own snapshot, so the diff is empty; without a snapshot route the body is an empty object.
  // Directus wraps the snapshot in `{data}`; a bare snapshot is taken as it is.
  const data = isRecord(snapshot.body) && 'data' in snapshot.body ? snapshot.body.data : snapshot.body;
  const body = snapshot.status === 200 && isRecord(data) ? JSON.stringify(data) : '{}';
  return { method: 'POST', path: '/schema/diff', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body };
}

/** Issue 15: writes (each with its activity row and revision) and a GraphQL read, ≥ 10× Directus. */
const WRITE: Target = { minVsDirectus: 10 };

function article(seeded: Seeded, n: number): Record<string, unknown> {
  return {
    title: `Bench write ${n}`,
    status: ['published', 'draft', 'archived'][n % 3],
    views: n % 1000,
    author: n % 2 ? seeded.adminId : seeded.readerId,
  };
}

async function json(server: ServerContext, method: 'POST' | 'PATCH', path: string, body: unknown): Promise<LoadSpec> {
  const token = await server.token('admin');
  return { method, path, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/** 20 articles with their author (a many-to-one to the users collection), through each server's /graphql. */
export const GRAPHQL_QUERY = `{ ${COLLECTION}(limit: 20, sort: ["-views"], filter: { status: { _eq: "published" } }) { id title views author { id email } } }`;

export const CASES: BenchCase[] = [
  {
    id: 'ping',
    title: 'GET /server/ping',
    who: 'public',
    target: READ,
    floorPath: () => '/server/ping',
    spec: (s) => get(s, 'public', '/server/ping'),
  },
  {
    id: 'activity',
    title: 'GET /activity?limit=20',
    who: 'admin',
    target: { minVsDirectus: 20, minVsFloor: 0.5 },
    floorPath: () => '/activity?limit=20',
    spec: (s) => get(s, 'admin', '/activity?limit=20'),
  },
  {
    id: 'activity-filtered',
    title: 'GET /activity?limit=20&meta=*&filter[action][_eq]=create&sort=-id',
    who: 'admin',
    target: READ,
    spec: (s) => get(s, 'admin', '/activity?limit=20&meta=*&filter[action][_eq]=create&sort=-id'),
  },
  {
    id: 'activity-one',
    title: 'GET /activity/:id',
    who: 'admin',
    target: READ,
    floorPath: (seeded) => `/activity/${seeded.activityId}`,
    spec: (s) => get(s, 'admin', `/activity/${s.seeded.activityId}`),
  },
  {
    id: 'items-admin',
    title: `GET /items/${COLLECTION}?limit=20&filter[status][_eq]=published&sort=-views (admin)`,
    who: 'admin',
    target: ITEMS,
    floorPath: () => ITEMS_PATH,
    spec: (s) => items(s, 'admin'),
  },
  {
    id: 'items-reader',
    title: `the same as the reader (row filter + field list)`,
    who: 'reader',
    target: ITEMS,
    floorPath: () => `${ITEMS_PATH}&as=reader`,
    spec: (s) => items(s, 'reader'),
  },
  {
    id: 'items-filters',
    title: `the same (admin) with &filter[views][_lte]=N, a different N on every request (no kept result answers it)`,
    who: 'admin',
    target: FILTERS,
    floorPath: () => ITEMS_PATH,
    spec: (s) => itemsFilters(s),
  },
  {
    id: 'permissions-me',
    title: 'GET /permissions/me (reader)',
    who: 'reader',
    target: READ,
    spec: (s) => get(s, 'reader', '/permissions/me'),
  },
  {
    id: 'permissions',
    title: 'GET /permissions?limit=20',
    who: 'admin',
    target: READ,
    spec: (s) => get(s, 'admin', '/permissions?limit=20'),
  },
  {
    id: 'refresh',
    title: 'POST /auth/refresh (rotating, pre-made sessions)',
    who: 'admin',
    spec: (s, connections) => refreshSpec(s, connections),
  },
  { id: 'snapshot', title: 'GET /schema/snapshot', who: 'admin', target: READ, spec: (s) => get(s, 'admin', '/schema/snapshot') },
  { id: 'diff', title: 'POST /schema/diff (own snapshot: no changes)', who: 'admin', spec: (s) => diffSpec(s) },
  {
    id: 'graphql-m2o',
    title: `POST /graphql: 20 ${COLLECTION} with their author (m2o)`,
    who: 'admin',
    target: WRITE,
    spec: (s) => json(s, 'POST', '/graphql', { query: GRAPHQL_QUERY }),
  },
  // The writes come last: they add rows (and activity) that the read cases above would otherwise scan.
  {
    id: 'patch-one',
    title: `PATCH /items/${COLLECTION}/:id (one field)`,
    who: 'admin',
    target: WRITE,
    spec: (s) => json(s, 'PATCH', `/items/${COLLECTION}/${String(s.seeded.articleIds[1] ?? 1)}`, { views: 4242 }),
  },
  {
    id: 'post-one',
    title: `POST /items/${COLLECTION} (one item)`,
    who: 'admin',
    target: WRITE,
    spec: (s) => json(s, 'POST', `/items/${COLLECTION}`, article(s.seeded, 1)),
  },
  {
    id: 'post-batch',
    title: `POST /items/${COLLECTION} (100 items in one request)`,
    who: 'admin',
    target: WRITE,
    spec: (s) =>
      json(
        s,
        'POST',
        `/items/${COLLECTION}`,
        Array.from({ length: 100 }, (_, i) => article(s.seeded, i)),
      ),
  },
];
