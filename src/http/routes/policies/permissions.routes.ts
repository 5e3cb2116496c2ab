import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { withTransaction, type Context } from '../../../engine/context.js';
import type { PermissionsEngine } from '../../../engine/permissions/create-permissions-engine.js';
import { itemPermissions } from '../../../engine/permissions/item-permissions.js';
import { summarizeAccess } from '../../../engine/permissions/summarize-access.js';
import { parseQuery } from '../../../engine/query/parse/parse-query.js';
import type { Query } from '../../../engine/query/query.types.js';
import { forbidden, invalidPayload, invalidQuery } from '../../../kernel/errors/index.js';
import type { PrimaryKey } from '../../../modules/items/index.js';
import { explainRequest, convertLegacyPermission, permissionBodyKind, policyForRole } from '../../../modules/policies/index.js';
import { registerItemRoutes, requestQuery, respondWithResult, type ItemRouteDeps } from '../items/index.js';
import { isPlainObject } from '../../../kernel/values/is-plain-object.js';
import { isUuid } from '../../../kernel/values/is-uuid.js';

const COLLECTION = 'service_permissions';

type Deps = ItemRouteDeps & { permissions: PermissionsEngine };
type MeParams = { collection: string; id?: string };

/**
 * `/permissions`: the ten operations of the specification's §4.5 (item-style CRUD, with `meta` on the many
 * forms), the legacy and role-based create bodies, and the caller's effective access: `/me` (§6.6) and
 * `/me/:collection[/:id]` (§6.7, with `?explain=true`). Administrators may ask any `/me` form on behalf of
 * another user with `?user=<id>`.
 */
export function createPermissionsRoutes(deps: Deps): FastifyPluginAsync {
  return async (app) => {
    // Create many also comes as `{data: [...]}` (the seed's shape) next to Directus's bare array.
    app.addHook('preHandler', async (request) => {
      const body = request.body;
      if (request.method === 'POST' && isPlainObject(body) && Object.keys(body).length === 1 && Array.isArray(body.data))
        request.body = body.data;
    });

    app.get('/me', async (request, reply) => {
      const { target } = await contexts(deps, request);
      if (!target.accountability.user && !target.accountability.role) throw forbidden();
      return deps.send(request, reply, { data: summarizeAccess(target.permissions, target.schema) });
    });

    const itemAccess = async (request: FastifyRequest<{ Params: MeParams }>, reply: FastifyReply) => {
      const { caller, target, userStatus } = await contexts(deps, request);
      if (!target.accountability.user) throw forbidden();
      const { collection, id } = request.params;
      const data: Record<string, unknown> = { ...(await itemPermissions(target, collection, id)) };
      if (isTrue((request.query as Record<string, unknown> | undefined)?.explain)) {
        data.explain = await explainRequest(deps.items, caller, target, { collection, key: id, userStatus });
      }
      return deps.send(request, reply, { data });
    };
    app.get<{ Params: MeParams }>('/me/:collection', itemAccess);
    app.get<{ Params: MeParams }>('/me/:collection/:id', itemAccess);

    app.post('/', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      const body = request.body;
      const q = requestQuery(ctx, request);
      if (Array.isArray(body)) {
        const keys = await withTransaction(ctx, async (trx) => {
          const out: PrimaryKey[] = [];
          for (const rule of body) out.push(...(await createRules(deps, trx, rule)));
          return out;
        });
        return respondMany(deps, request, reply, ctx, keys, q);
      }
      if (!isPlainObject(body)) throw invalidPayload('The payload must be an object or an array of objects');
      if (permissionBodyKind(body) === 'legacy') {
        const keys = await withTransaction(ctx, (trx) => createRules(deps, trx, body));
        return respondMany(deps, request, reply, ctx, keys, q);
      }
      const [key] = await withTransaction(ctx, (trx) => createRules(deps, trx, body));
      return respondOne(deps, request, reply, ctx, key!, q);
    });

    app.patch('/', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      const body = request.body;
      let keys: PrimaryKey[];
      if (Array.isArray(body)) keys = await deps.items.updateBatch(ctx, COLLECTION, body);
      else if (isPlainObject(body) && body.data !== undefined && Array.isArray(body.keys) && body.query === undefined) {
        keys = await deps.items.updateMany(ctx, COLLECTION, body.keys as PrimaryKey[], body.data);
      } else if (isPlainObject(body) && body.data !== undefined && isPlainObject(body.query) && body.keys === undefined) {
        keys = await deps.items.updateByQuery(ctx, COLLECTION, parseQuery(body.query, { limitDefault: -1, limitMax: null }), body.data);
      } else {
        throw invalidPayload('The payload must be an array of rules, or an object with "data" and exactly one of "keys" or "query"');
      }
      return respondMany(deps, request, reply, ctx, keys, requestQuery(ctx, request));
    });

    app.patch<{ Params: { id: string } }>('/:id', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      const key = await deps.items.updateOne(ctx, COLLECTION, request.params.id, request.body ?? {});
      return respondOne(deps, request, reply, ctx, key, requestQuery(ctx, request));
    });

    registerItemRoutes(app, deps, { collectionOf: () => COLLECTION, skip: ['create', 'update'] });
  };
}

/** One create body → the keys of the rules it became (one for a modern body, any number for a legacy one). */
async function createRules(deps: Deps, trx: Context, body: unknown): Promise<PrimaryKey[]> {
  if (!isPlainObject(body)) throw invalidPayload('Every rule must be an object');
  const kind = permissionBodyKind(body);
  if (kind === 'modern') return [await deps.items.createOne(trx, COLLECTION, body)];
  if (kind === 'role') {
    const { role, ...rule } = body;
    if (role !== null && typeof role !== 'string') throw invalidPayload('"role" must be a role id or null');
    const policy = await policyForRole(trx, deps.items, role);
    return [await deps.items.createOne(trx, COLLECTION, { ...rule, policy })];
  }
  const conversion = convertLegacyPermission(trx.schema, body);
  if (conversion.rules.length === 0) return [];
  const policy = await policyForRole(trx, deps.items, conversion.role);
  return deps.items.createMany(
    trx,
    COLLECTION,
    conversion.rules.map((rule) => ({ ...rule, policy })),
  );
}

function respondOne(deps: Deps, request: FastifyRequest, reply: FastifyReply, ctx: Context, key: PrimaryKey, q: Query) {
  return respondWithResult(
    deps.send,
    request,
    reply,
    async () => ({ data: await deps.items.readOne(ctx, COLLECTION, key, q) }),
    COLLECTION,
  );
}

/** `{data: [...]}` in the order of `keys`, plus `meta` when asked: counts over the written rules (filter_count) and all rules (total_count). */
function respondMany(deps: Deps, request: FastifyRequest, reply: FastifyReply, ctx: Context, keys: PrimaryKey[], q: Query) {
  return respondWithResult(
    deps.send,
    request,
    reply,
    async () => {
      const data = keys.length > 0 ? await deps.items.readMany(ctx, COLLECTION, keys, { ...q, meta: undefined }) : [];
      if (!q.meta || q.meta.length === 0) return { data };
      const own = keys.length > 0 ? { id: { _in: keys } } : { id: { _null: true } };
      const written: Query = { filter: q.filter ? { _and: [q.filter, own] } : own, fields: ['id'], limit: 0, meta: q.meta };
      const { meta } = await deps.items.readByQuery(ctx, COLLECTION, written);
      return { data, meta };
    },
    COLLECTION,
  );
}

/**
 * The caller's context and the context whose access is asked about: the caller's own, or (administrators
 * only, `?user=<id>`) another user's, resolved by the permission engine with the request's IP. An unknown user
 * is a 403, as anything that doesn't exist.
 */
async function contexts(deps: Deps, request: FastifyRequest): Promise<{ caller: Context; target: Context; userStatus?: string }> {
  const caller = await deps.contextFor(request);
  const user = (request.query as Record<string, unknown> | undefined)?.user;
  if (user === undefined || user === caller.accountability.user) return { caller, target: caller };
  if (typeof user !== 'string' || user === '') throw invalidQuery('"user" must be a user id');
  if (!caller.accountability.admin) throw forbidden();
  const row = isUuid(user) ? await deps.permissions.getUser(user.toLowerCase()) : null;
  const { ip, userAgent, origin } = caller.accountability;
  const accountability = row ? await deps.permissions.accountabilityForUser(row.id, { ip, userAgent, origin }) : null;
  if (!row || !accountability) throw forbidden();
  const { permissions: _caller, ...base } = caller;
  const target: Context = { ...base, accountability, permissions: await deps.permissions.permissionSet({ ...base, accountability }) };
  return { caller, target, userStatus: row.status };
}

function isTrue(value: unknown): boolean {
  return value === '' || value === 'true' || value === '1' || value === true;
}
