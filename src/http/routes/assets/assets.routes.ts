import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Context } from '../../../engine/context.js';
import { invalidPayload } from '../../../kernel/errors/index.js';
import { assetHeaders, type AssetsService, parseRange } from '../../../modules/assets/index.js';

export type AssetsRouteDeps = { assets: AssetsService; contextFor: (request: FastifyRequest) => Promise<Context> };

type Params = { id: string; filename?: string };

/**
 * `GET /assets/:id[/:filename]` (and HEAD): the file's bytes, streamed, with its type, `Content-Length`,
 * `Accept-Ranges`/`Range` (206, 416), `ETag`/`If-None-Match` and `Last-Modified`/`If-Modified-Since` (304),
 * `?download` and transformation parameters; `POST /assets/folder/:id` a zip of a folder's tree; `POST /assets/files {ids}` (or `GET /assets/files?ids=`) a zip of several
 * files, streamed. The route only maps HTTP to the assets service and back.
 */
export function createAssetsRoutes(deps: AssetsRouteDeps): FastifyPluginAsync {
  const serve = async (request: FastifyRequest<{ Params: Params }>, reply: FastifyReply) => {
    const ctx = await deps.contextFor(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const asset = await deps.assets.resolve(ctx, request.params.id, query, request.headers.accept);
    const maxAge = Math.floor(ctx.config.assets.cacheTtl / 1000);
    const personal = ctx.accountability.user !== null || ctx.accountability.role !== null;
    reply.headers({
      ETag: asset.etag,
      'Last-Modified': asset.modified.toUTCString(),
      'Cache-Control': `${personal ? 'private' : 'public'}, max-age=${maxAge}`,
      'Accept-Ranges': 'bytes',
      ...(query.format === 'auto' ? { Vary: 'Accept' } : {}),
      ...assetHeaders(asset, Object.hasOwn(query, 'download') && query.download !== 'false'),
    });
    if (isNotModified(request, asset.etag, asset.modified)) return reply.code(304).send();

    const ifRange = request.headers['if-range'];
    const rangeHeader = ifRange === undefined || ifRange === asset.etag ? request.headers.range : undefined;
    const range = parseRange(rangeHeader, asset.size);
    const length = range ? range.end - range.start + 1 : asset.size;
    reply.header('Content-Length', String(length));
    if (range) reply.code(206).header('Content-Range', `bytes ${range.start}-${range.end}/${asset.size}`);
    if (request.method === 'HEAD') {
      // Fastify would send its own Content-Length of the empty body: answer the headers as they are.
      reply.hijack();
      reply.raw.writeHead(reply.statusCode, reply.getHeaders() as Record<string, string | number | string[]>);
      reply.raw.end();
      return reply;
    }
    return reply.send(await deps.assets.open(asset, range));
  };

  const zip = async (request: FastifyRequest, reply: FastifyReply, ids: unknown) => sendZip(request, reply, { ids });
  const sendZip = async (request: FastifyRequest, reply: FastifyReply, of: { ids: unknown } | { folder: string }) => {
    const ctx = await deps.contextFor(request);
    const archive = 'folder' in of ? await deps.assets.zipFolder(ctx, of.folder) : await deps.assets.zip(ctx, of.ids);
    const stamp = ctx.now().toISOString().replace(/[:.]/g, '-');
    reply.headers({
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${'folder' in of ? 'folder' : 'files'}-${stamp}.zip"`,
      'Cache-Control': 'no-store',
    });
    return reply.send(archive.stream);
  };

  return async (app) => {
    // Several files as one zip: `POST /assets/files {ids}` (Directus 11), or `GET /assets/files?ids=a,b`.
    app.post('/files', async (request, reply) => {
      const body = request.body;
      if (body === null || typeof body !== 'object' || Array.isArray(body))
        throw invalidPayload('The payload must be an object with "ids"');
      return zip(request, reply, (body as Record<string, unknown>).ids);
    });
    app.get('/files', async (request, reply) => zip(request, reply, (request.query as Record<string, unknown>).ids));
    // A folder's files and those of the folders below it (Directus 11's downloadFolderZip).
    app.post<{ Params: Params }>('/folder/:id', async (request, reply) => sendZip(request, reply, { folder: request.params.id }));
    app.get<{ Params: Params }>('/:id', serve);
    app.get<{ Params: Params }>('/:id/:filename', serve);
  };
}

/** `If-None-Match` (weak comparison, `*`), else `If-Modified-Since` at one-second precision. */
function isNotModified(request: FastifyRequest, etag: string, modified: Date): boolean {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch !== undefined) {
    const tags = noneMatch.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(etag);
  }
  const since = request.headers['if-modified-since'];
  if (since === undefined) return false;
  const time = Date.parse(since);
  return !Number.isNaN(time) && Math.floor(modified.getTime() / 1000) * 1000 <= time;
}
