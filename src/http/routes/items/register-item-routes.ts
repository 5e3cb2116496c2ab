import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../../../engine/context.js';
import { getAccess } from '../../../engine/permissions/get-access.js';
import { clientLimits, parseQuery } from '../../../engine/query/parse/parse-query.js';
import { getCollection, hasCollection } from '../../../engine/schema-overview/get-collection.js';
import { forbidden, forbiddenAction, invalidPayload } from '../../../kernel/errors/index.js';
import { type ItemsService, type PrimaryKey, readPages } from '../../../modules/items/index.js';
import { exportQuery, requestQuery } from './request-query.js';
import { respondWith } from './respond-with.js';
import { isPlainObject } from '../../../kernel/values/is-plain-object.js';
import type { Query } from '../../../engine/query/query.types.js';

export type ItemRouteDeps = {
  items: ItemsService;
  /** Streams `?export=` of a list read page by page; returns undefined when the request asks for no export. */
  sendExport?: (
    request: FastifyRequest,
    reply: FastifyReply,
    pages: () => AsyncIterable<Record<string, unknown>[]>,
    options?: { collection?: string },
  ) => unknown;
  contextFor: (request: FastifyRequest) => Promise<Context>;
  /**
   * Reads an item as a content version has it (`?version=<key>`, modules/versions); absent where the routes
   * serve no versions (system collections), and then `version` is ignored as any unknown parameter.
   */
  readVersion?: (ctx: Context, collection: string, key: PrimaryKey, version: unknown, query: Query) => Promise<Record<string, unknown>>;
  send: (
    request: FastifyRequest,
    reply: FastifyReply,
    result: { data: unknown; meta?: unknown } | null,
    options?: { collection?: string },
  ) => unknown;
};

export type ItemRouteOptions = {
  /** The collection a request addresses (fixed for system endpoints, from the path for /items). */
  collectionOf: (request: FastifyRequest) => string;
  /** Only GET routes (activity, revisions). */
  readOnly?: boolean;
  /** Routes to leave out (a module may serve them itself); `updateOne` is `PATCH /:id` alone. */
  skip?: ('create' | 'update' | 'updateOne' | 'delete')[];
};

type Params = { id?: string };

/**
 * Directus's item-style CRUD on one route prefix: list/read, create one or many, update one, many by keys,
 * by query or as a batch, delete one or many, singletons. Handlers only decode, call the items service and
 * encode; permissions and validation live in the engines.
 */
export function registerItemRoutes(app: FastifyInstance, deps: ItemRouteDeps, options: ItemRouteOptions): void {
  const { items, contextFor, send } = deps;

  app.get('/', async (request, reply) => {
    const ctx = await contextFor(request);
    const collection = options.collectionOf(request);
    // An export is read in pages: its `limit` is not capped (request-query.ts).
    const exporting = (request.query as Record<string, unknown> | undefined)?.export !== undefined;
    const q = exporting ? exportQuery(ctx, request) : requestQuery(ctx, request);
    if (getCollection(ctx.schema, collection).singleton) {
      const version = versionAsked(request, deps);
      if (version !== undefined && deps.readVersion) {
        const overview = getCollection(ctx.schema, collection);
        const main = await items.readSingleton(ctx, collection, { fields: [overview.primary] });
        const key = main[overview.primary];
        if (key === null || key === undefined) throw forbidden();
        return send(request, reply, { data: await deps.readVersion(ctx, collection, key as PrimaryKey, version, q) }, { collection });
      }
      return send(request, reply, { data: await items.readSingleton(ctx, collection, q) }, { collection });
    }
    const exported = deps.sendExport?.(request, reply, () => readPages(ctx, collection, q), { collection });
    if (exported !== undefined) return exported;
    // The answer is only sent: an unchanged earlier result may serve it (decision 0033).
    return send(request, reply, await items.readByQuery(ctx, collection, q, { reuse: true }), { collection });
  });

  // SEARCH: a read whose query (or keys) travels in the body, for queries too long for a URL.
  app.route({
    method: 'SEARCH',
    url: '/',
    handler: async (request, reply) => {
      const ctx = await contextFor(request);
      const collection = options.collectionOf(request);
      const body = request.body;
      const limits = clientLimits(ctx.config.query);
      if (isPlainObject(body) && Array.isArray(body.keys) && body.query === undefined) {
        return send(
          request,
          reply,
          { data: await items.readMany(ctx, collection, body.keys as PrimaryKey[], requestQuery(ctx, request)) },
          { collection },
        );
      }
      if (isPlainObject(body) && isPlainObject(body.query) && body.keys === undefined) {
        return send(request, reply, await items.readByQuery(ctx, collection, parseQuery(body.query, limits)), { collection });
      }
      throw invalidPayload('The payload must be an object with exactly one of "query" or "keys"');
    },
  });

  app.get<{ Params: Params }>('/:id', async (request, reply) => {
    const ctx = await contextFor(request);
    const collection = options.collectionOf(request);
    const version = versionAsked(request, deps);
    const key = request.params.id ?? '';
    const data =
      version !== undefined && deps.readVersion
        ? await deps.readVersion(ctx, collection, key, version, requestQuery(ctx, request))
        : await items.readOne(ctx, collection, key, requestQuery(ctx, request));
    return send(request, reply, { data }, { collection });
  });

  if (options.readOnly) return;
  const skip = new Set(options.skip ?? []);

  if (!skip.has('create')) {
    app.post('/', async (request, reply) => {
      const ctx = await contextFor(request);
      const collection = options.collectionOf(request);
      const body = request.body;
      const q = requestQuery(ctx, request);
      if (Array.isArray(body)) {
        const keys = await items.createMany(ctx, collection, body);
        return respondWith(send, request, reply, () => items.readMany(ctx, collection, keys, q), collection);
      }
      if (!isPlainObject(body)) throw invalidPayload('The payload must be an object or an array of objects');
      const key = await items.createOne(ctx, collection, body);
      return respondWith(send, request, reply, () => items.readOne(ctx, collection, key, q), collection);
    });
  }

  if (!skip.has('update')) {
    app.patch('/', async (request, reply) => {
      const ctx = await contextFor(request);
      const collection = options.collectionOf(request);
      const body = request.body;
      const q = requestQuery(ctx, request);
      let keys: PrimaryKey[];
      // Access before the body's shape (a singleton takes other shapes): a forbidden collection answers like a missing one.
      const singleton = hasCollection(ctx.schema, collection) && getCollection(ctx.schema, collection).singleton;
      if (
        !ctx.permissions.admin &&
        !getAccess(ctx.permissions, collection, 'update') &&
        !(singleton && getAccess(ctx.permissions, collection, 'create'))
      ) {
        throw forbiddenAction('update', collection);
      }
      if (singleton) {
        // A singleton has one item: only a plain object of values, no batch, keys or query forms.
        if (!isPlainObject(body) || (Object.hasOwn(body, 'data') && (Object.hasOwn(body, 'keys') || Object.hasOwn(body, 'query')))) {
          throw invalidPayload('The payload of a singleton must be an object of values');
        }
        const key = await items.upsertSingleton(ctx, collection, body);
        return respondWith(send, request, reply, () => items.readOne(ctx, collection, key, q), collection);
      }
      if (Array.isArray(body)) keys = await items.updateBatch(ctx, collection, body);
      else if (isPlainObject(body) && body.data !== undefined && Array.isArray(body.keys) && body.query === undefined) {
        keys = await items.updateMany(ctx, collection, body.keys as PrimaryKey[], body.data);
      } else if (isPlainObject(body) && body.data !== undefined && isPlainObject(body.query) && body.keys === undefined) {
        const target = parseQuery(body.query, { limitDefault: -1, limitMax: null });
        keys = await items.updateByQuery(ctx, collection, target, body.data);
      } else {
        throw invalidPayload('The payload must be an array of items, or an object with "data" and exactly one of "keys" or "query"');
      }
      return respondWith(send, request, reply, () => items.readMany(ctx, collection, keys, q), collection);
    });

    if (!skip.has('updateOne')) {
      app.patch<{ Params: Params }>('/:id', async (request, reply) => {
        const ctx = await contextFor(request);
        const collection = options.collectionOf(request);
        const key = await items.updateOne(ctx, collection, request.params.id ?? '', request.body ?? {});
        return respondWith(send, request, reply, () => items.readOne(ctx, collection, key, requestQuery(ctx, request)), collection);
      });
    }
  }

  if (!skip.has('delete')) {
    app.delete('/', async (request, reply) => {
      const ctx = await contextFor(request);
      const collection = options.collectionOf(request);
      const body = request.body;
      if (Array.isArray(body)) await items.deleteMany(ctx, collection, body as PrimaryKey[]);
      else if (isPlainObject(body) && Array.isArray(body.keys) && body.query === undefined)
        await items.deleteMany(ctx, collection, body.keys as PrimaryKey[]);
      else if (isPlainObject(body) && isPlainObject(body.query) && body.keys === undefined) {
        await items.deleteByQuery(ctx, collection, parseQuery(body.query, { limitDefault: -1, limitMax: null }));
      } else throw invalidPayload('The payload must be an array of keys, or an object with exactly one of "keys" or "query"');
      return send(request, reply, null);
    });

    app.delete<{ Params: Params }>('/:id', async (request, reply) => {
      const ctx = await contextFor(request);
      await items.deleteOne(ctx, options.collectionOf(request), request.params.id ?? '');
      return send(request, reply, null);
    });
  }
}

/** The `version` a read asks for; undefined for none or `main` (the item itself, as Directus). */
function versionAsked(request: FastifyRequest, deps: ItemRouteDeps): unknown {
  if (!deps.readVersion) return undefined;
  const version = (request.query as Record<string, unknown> | undefined)?.version;
  return version === undefined || version === 'main' ? undefined : version;
}
