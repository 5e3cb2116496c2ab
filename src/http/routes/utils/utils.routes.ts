import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { CacheSync } from '../../../engine/cache-sync/create-cache-sync.js';
import type { Context } from '../../../engine/context.js';
import { clientLimits, parseQuery } from '../../../engine/query/parse/parse-query.js';
import { invalidPayload, unsupportedMediaType } from '../../../kernel/errors/index.js';
import type { PasswordHashCost } from '../../../kernel/text/password-hash.js';
import { isPlainObject } from '../../../kernel/values/is-plain-object.js';
import { accountabilityOf } from '../../request-context.js';
import type { FilesService } from '../../../modules/files/index.js';
import type { ItemsService } from '../../../modules/items/index.js';
import {
  clearCaches,
  exportToFile,
  generateHash,
  importUpload,
  randomString,
  revertRevision,
  sortItems,
  verifyHash,
} from '../../../modules/utils/index.js';
import { requestQuery, respondWith, type ItemRouteDeps } from '../items/index.js';

export type UtilsRoutesDeps = {
  cacheSync: Pick<CacheSync, 'clear'>;
  items: ItemsService;
  files: FilesService;
  send: ItemRouteDeps['send'];
  contextFor: (request: FastifyRequest) => Promise<Context>;
  /** The argon2id parameters of `/hash/generate` (the same as passwords'). */
  hashCost: PasswordHashCost;
};

/**
 * Directus's `/utils` endpoints; each handler decodes the request and calls one function of this module
 * (the same ones the GraphQL `utils_*` mutations call):
 *
 * - `GET /random/string?length=` → `{data}`; `POST /hash/generate` `{string}` → `{data: hash}`;
 *   `POST /hash/verify` `{string, hash}` → `{data: boolean}` (anyone may call these three);
 * - `POST /sort/:collection` `{item, to}` → 200, no body (as Directus); `POST /revert/:revision` → 204;
 * - `POST /cache/clear` (administrators only, 403 otherwise, as Directus): every instance drops its
 *   permission caches on its next request; with `?system` (present and not `false`/`0`) its schema caches
 *   (schema overview, snapshot, GraphQL schemas) too. Stratum keeps no cache of item data. 200, no body.
 * - `POST /import/:collection` (multipart/form-data, one CSV or JSON file): every record written, all or nothing;
 *   200, no body (as Directus). `POST /export/:collection {format, query, file?}`: the export stored in the file
 *   library; answers the new file (as `POST /files` does). docs/utils.md.
 */
export function createUtilsRoutes(deps: UtilsRoutesDeps): FastifyPluginAsync {
  return async (app) => {
    // Imports stream their multipart body from the socket (modules/utils/import).
    app.removeContentTypeParser('multipart/form-data');
    app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, undefined));
    app.get('/random/string', async (request) => ({ data: randomString((request.query as Record<string, unknown>).length) }));
    app.post('/hash/generate', async (request) => ({ data: await generateHash(request.body, deps.hashCost) }));
    app.post('/hash/verify', async (request) => ({ data: await verifyHash(request.body) }));
    app.post<{ Params: { collection: string } }>('/sort/:collection', async (request, reply) => {
      await sortItems(await deps.contextFor(request), deps.items, request.params.collection, request.body);
      return reply.code(200).send();
    });
    app.post<{ Params: { revision: string } }>('/revert/:revision', async (request, reply) => {
      await revertRevision(await deps.contextFor(request), deps.items, request.params.revision);
      return reply.code(204).send();
    });
    app.post<{ Params: { collection: string } }>('/import/:collection', async (request, reply) => {
      const type = request.headers['content-type'] ?? '';
      if (!type.toLowerCase().startsWith('multipart/form-data')) throw unsupportedMediaType(type, 'Content-Type header');
      await importUpload(await deps.contextFor(request), deps.items, request.params.collection, request.raw, request.headers);
      return reply.code(200).send();
    });
    app.post<{ Params: { collection: string } }>('/export/:collection', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      const body = request.body;
      if (!isPlainObject(body)) throw invalidPayload('The payload must be an object with "format", "query" and optional "file"');
      if (body.query !== undefined && body.query !== null && !isPlainObject(body.query)) throw invalidPayload('"query" must be an object');
      // Every row the query selects unless it names a limit: the export is read and written in pages.
      const raw = (body.query ?? {}) as Record<string, unknown>;
      const parsed = parseQuery(raw, { ...clientLimits(ctx.config.query), allRows: true });
      const query = raw.limit === undefined ? { ...parsed, limit: -1 } : parsed;
      const key = await exportToFile(ctx, deps, request.params.collection, { format: body.format, query, file: body.file });
      return respondWith(
        deps.send,
        request,
        reply,
        () => deps.items.readOne(ctx, 'service_files', key, requestQuery(ctx, request)),
        'service_files',
      );
    });
    app.post('/cache/clear', async (request, reply) => {
      await clearCaches(deps.cacheSync, accountabilityOf(request), {
        system: systemRequested((request.query as Record<string, unknown>).system),
      });
      return reply.code(200).send();
    });
  };
}

/** `?system`, `?system=` and `?system=true` ask for the system caches; `?system=false` and `?system=0` do not. */
export function systemRequested(value: unknown): boolean {
  if (value === undefined) return false;
  const text = Array.isArray(value) ? String(value.at(-1) ?? '') : String(value);
  return !['false', '0'].includes(text.trim().toLowerCase());
}
