/**
 * The same data on each server, made through that server's own API: the `bench_articles` collection
 * (id, title, status, views, author m2o → users), 1,000 rows, a reader role/policy/user whose read rule has a
 * row filter (`status _eq published`) and a field list, and activity from the writes (creates and updates).
 */
import { call, callOk, errorCode, isRecord, login } from './api-client.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './stratum-server.js';

export const COLLECTION = 'bench_articles';
export const ROWS = 1000;
export const READER_EMAIL = 'bench-reader@example.com';
export const READER_PASSWORD = 'ReaderPass123!';
export const READER_NAME = 'Bench reader';
export const READER_FIELDS = ['id', 'title', 'status', 'views'];
const STATUSES = ['published', 'draft', 'archived'] as const;

export type Target = {
  label: string;
  port: number;
  /** `service_users` (Stratum) or `directus_users` (Directus). */
  usersCollection: string;
};

export type Seeded = {
  adminId: string;
  readerId: string;
  articleIds: number[];
  /** An activity row of the bench writes, for GET /activity/:id. */
  activityId: number;
  activityRows: number;
};

/** A route that does not exist (yet): 404, or 403 where an unknown id-like path is taken for an item. */
function isMissingRoute(status: number, body: unknown): boolean {
  return status === 404 || status === 405 || errorCode(body) === 'ROUTE_NOT_FOUND';
}

function idOf(data: unknown, what: string): string {
  if (isRecord(data) && (typeof data.id === 'string' || typeof data.id === 'number')) return String(data.id);
  throw new Error(`no id in the answer to ${what}: ${JSON.stringify(data).slice(0, 300)}`);
}

async function idsWhere(target: Target, token: string, path: string): Promise<string[]> {
  const data = await callOk(target.port, path, { token });
  return Array.isArray(data) ? data.map((row) => idOf(row, path)) : [];
}

/** Removes what an earlier run left (the PostgreSQL reference database is kept between runs). */
export async function removeBenchData(target: Target, token: string): Promise<void> {
  const q = encodeURIComponent;
  for (const id of await idsWhere(target, token, `/users?fields=id&filter[email][_eq]=${q(READER_EMAIL)}`)) {
    await callOk(target.port, `/users/${id}`, { method: 'DELETE', token });
  }
  for (const area of ['roles', 'policies']) {
    for (const id of await idsWhere(target, token, `/${area}?fields=id&filter[name][_eq]=${q(READER_NAME)}`)) {
      await callOk(target.port, `/${area}/${id}`, { method: 'DELETE', token });
    }
  }
  const dropped = await call(target.port, `/collections/${COLLECTION}`, { method: 'DELETE', token });
  if (dropped.status >= 300 && !isMissingRoute(dropped.status, dropped.body) && dropped.status !== 403) {
    throw new Error(`DELETE /collections/${COLLECTION} answered ${dropped.status}: ${dropped.text.slice(0, 300)}`);
  }
}

export type SchemaResult = { collection: boolean; relation: boolean };

/**
 * Creates the collection and the author relation through /collections and /relations. Returns which of the two
 * the server could do (a missing route is reported, any other error throws).
 */
export async function createSchemaViaApi(target: Target, token: string): Promise<SchemaResult> {
  const created = await call(target.port, '/collections', {
    method: 'POST',
    token,
    body: {
      collection: COLLECTION,
      meta: { icon: 'article' },
      schema: {},
      fields: [
        {
          field: 'id',
          type: 'integer',
          meta: { hidden: true, readonly: true, interface: 'input' },
          schema: { is_primary_key: true, has_auto_increment: true },
        },
        { field: 'title', type: 'string', meta: { interface: 'input' }, schema: {} },
        { field: 'status', type: 'string', meta: { interface: 'select-dropdown' }, schema: { default_value: 'draft', is_nullable: false } },
        { field: 'views', type: 'integer', meta: { interface: 'input' }, schema: { default_value: 0 } },
        { field: 'author', type: 'uuid', meta: { interface: 'select-dropdown-m2o', special: ['m2o'] }, schema: {} },
      ],
    },
  });
  if (isMissingRoute(created.status, created.body)) return { collection: false, relation: false };
  if (created.status >= 300) throw new Error(`POST /collections answered ${created.status}: ${created.text.slice(0, 500)}`);
  const related = await call(target.port, '/relations', {
    method: 'POST',
    token,
    body: { collection: COLLECTION, field: 'author', related_collection: target.usersCollection, schema: { on_delete: 'SET NULL' } },
  });
  if (isMissingRoute(related.status, related.body)) return { collection: true, relation: false };
  if (related.status >= 300) throw new Error(`POST /relations answered ${related.status}: ${related.text.slice(0, 500)}`);
  return { collection: true, relation: true };
}

/** Role, policy, access, read permission with a row filter and a field list, the reader user, the rows, some updates. */
export async function seedData(target: Target): Promise<Seeded> {
  const { port } = target;
  const { accessToken: token } = await login(port, ADMIN_EMAIL, ADMIN_PASSWORD);
  const adminId = idOf(await callOk(port, '/users/me?fields=id', { token }), '/users/me');

  const policyId = idOf(
    await callOk(port, '/policies', {
      method: 'POST',
      token,
      body: { name: READER_NAME, icon: 'badge', admin_access: false, app_access: false },
    }),
    'POST /policies',
  );
  const roleId = idOf(await callOk(port, '/roles', { method: 'POST', token, body: { name: READER_NAME, icon: 'badge' } }), 'POST /roles');
  await callOk(port, '/access', { method: 'POST', token, body: { role: roleId, policy: policyId } });
  await callOk(port, '/permissions', {
    method: 'POST',
    token,
    body: {
      policy: policyId,
      collection: COLLECTION,
      action: 'read',
      permissions: { status: { _eq: 'published' } },
      validation: null,
      presets: null,
      fields: READER_FIELDS,
    },
  });
  const readerId = idOf(
    await callOk(port, '/users', {
      method: 'POST',
      token,
      body: { email: READER_EMAIL, password: READER_PASSWORD, role: roleId, status: 'active', first_name: 'Bench', last_name: 'Reader' },
    }),
    'POST /users',
  );

  const articleIds: number[] = [];
  for (let batch = 0; batch < ROWS / 100; batch++) {
    const rows = Array.from({ length: 100 }, (_, j) => {
      const i = batch * 100 + j;
      return { title: `Article ${i + 1}`, status: STATUSES[i % 3], views: (i * 7919) % 10007, author: i % 2 === 0 ? adminId : readerId };
    });
    const created = await callOk(port, `/items/${COLLECTION}?fields=id`, { method: 'POST', token, body: rows, timeoutMs: 120_000 });
    if (!Array.isArray(created) || created.length !== rows.length)
      throw new Error(`POST /items/${COLLECTION} did not return ${rows.length} rows`);
    for (const row of created) articleIds.push(Number(idOf(row, `POST /items/${COLLECTION}`)));
  }
  for (const id of articleIds.slice(0, 50)) {
    await callOk(port, `/items/${COLLECTION}/${id}?fields=id`, { method: 'PATCH', token, body: { views: id * 3 } });
  }

  await login(port, READER_EMAIL, READER_PASSWORD); // the reader can log in (and that is activity too)
  const first = await callOk(port, `/activity?fields=id&limit=1&sort=id&filter[collection][_eq]=${COLLECTION}&filter[action][_eq]=update`, {
    token,
  });
  const activityId = Array.isArray(first) && first.length > 0 ? Number(idOf(first[0], 'GET /activity')) : NaN;
  if (!Number.isFinite(activityId)) throw new Error(`${target.label}: no update activity for ${COLLECTION} was recorded`);
  const counted = await callOk(port, '/activity?aggregate[count]=*', { token });
  const activityRows = Array.isArray(counted) && isRecord(counted[0]) ? Number(counted[0].count) : NaN;
  return { adminId, readerId, articleIds, activityId, activityRows };
}
