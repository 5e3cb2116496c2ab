import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { invalidPayload } from '../../../kernel/errors/index.js';
import { registerItemRoutes, requestQuery, respondWith, type ItemRouteDeps } from '../items/index.js';
import type { FilesService } from '../../../modules/files/index.js';
import { isPlainObject } from '../../../kernel/values/is-plain-object.js';

export type FilesRouteDeps = ItemRouteDeps & { files: FilesService };

const isMultipart = (request: FastifyRequest) => (request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');

/**
 * `/files`: item-style reads, updates and deletes of `service_files`, plus uploads. `POST` with
 * multipart/form-data stores the files (fields before a file part are its metadata); `POST` with JSON creates
 * a file row from metadata only; `POST /files/import` stores the file at a URL; `PATCH /files/:id` with
 * multipart/form-data replaces the file's bytes.
 * Multipart bodies are streamed to storage: this plugin reads them from the socket itself.
 */
export function createFilesRoutes(deps: FilesRouteDeps): FastifyPluginAsync {
  const { files, items, contextFor, send } = deps;
  return async (app) => {
    app.removeContentTypeParser('multipart/form-data');
    app.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, undefined));

    app.post('/', async (request, reply) => {
      const ctx = await contextFor(request);
      const q = requestQuery(ctx, request);
      if (isMultipart(request)) {
        const keys = await files.upload(ctx, request.raw, request.headers);
        const read = async () =>
          keys.length === 1
            ? items.readOne(ctx, 'service_files', keys[0]!, q)
            : inOrder(keys, await items.readMany(ctx, 'service_files', keys, q));
        return respondWith(send, request, reply, read, 'service_files');
      }
      const body = request.body;
      if (Array.isArray(body)) {
        const keys = await items.createMany(ctx, 'service_files', body.map(withStorage(ctx.config.files.locations[0]!.name)));
        return respondWith(send, request, reply, () => items.readMany(ctx, 'service_files', keys, q), 'service_files');
      }
      if (!isPlainObject(body))
        throw invalidPayload('The payload must be multipart/form-data with a file, or an object (or array) of file metadata');
      const key = await items.createOne(ctx, 'service_files', withStorage(ctx.config.files.locations[0]!.name)(body));
      return respondWith(send, request, reply, () => items.readOne(ctx, 'service_files', key, q), 'service_files');
    });

    // Directus's import: `{url, data?}`; the server fetches the URL (files/fetch-remote-file.ts guards it).
    app.post('/import', async (request, reply) => {
      const ctx = await contextFor(request);
      const q = requestQuery(ctx, request);
      const body = request.body;
      if (!isPlainObject(body)) throw invalidPayload('The payload must be an object with "url" and optional "data"');
      const key = await files.importUrl(ctx, body.url, body.data);
      return respondWith(send, request, reply, () => items.readOne(ctx, 'service_files', key, q), 'service_files');
    });

    app.patch<{ Params: { id: string } }>('/:id', async (request, reply) => {
      const ctx = await contextFor(request);
      const q = requestQuery(ctx, request);
      const key = isMultipart(request)
        ? await files.replace(ctx, request.params.id, request.raw, request.headers)
        : await items.updateOne(ctx, 'service_files', request.params.id, request.body ?? {});
      return respondWith(send, request, reply, () => items.readOne(ctx, 'service_files', key, q), 'service_files');
    });

    registerItemRoutes(app, deps, { collectionOf: () => 'service_files', skip: ['create', 'updateOne'] });
  };
}

/** JSON-created file rows are in the default location unless they name one. */
function withStorage(location: string) {
  return (payload: unknown): unknown =>
    isPlainObject(payload) && payload.storage === undefined ? { ...payload, storage: location } : payload;
}

/** Rows in the order of their keys (the upload's order), when the answer includes the key. */
function inOrder(keys: readonly unknown[], rows: Record<string, unknown>[]): Record<string, unknown>[] {
  if (!rows.every((row) => row.id !== undefined)) return rows;
  const position = new Map(keys.map((key, i) => [String(key), i]));
  return [...rows].sort((a, b) => (position.get(String(a.id)) ?? 0) - (position.get(String(b.id)) ?? 0));
}
