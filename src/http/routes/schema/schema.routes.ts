import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Context } from '../../../engine/context.js';
import { sendResult } from '../../respond.js';
import { rawQueryOf } from '../../request-context.js';
import type { SchemaStore } from '../../../engine/schema-overview/create-schema-store.js';
import type { ItemsService } from '../../../modules/items/index.js';
import {
  applyDiff,
  diffSchemaWithWarnings,
  takeSnapshot,
  type SchemaModuleDeps,
  MAX_UPLOAD_BYTES,
  readUpload,
} from '../../../modules/schema/index.js';

export type SchemaSnapshotRouteDeps = {
  items: ItemsService;
  schemaStore: SchemaStore;
  /** The server's version (`service` of snapshots). */
  version: string;
  contextFor: (request: FastifyRequest) => Promise<Context>;
};

/** A flag in the query: `?force`, `?force=true` or `?force=1` (not `false` or `0`). */
function flag(request: FastifyRequest, name: string): boolean {
  const value = rawQueryOf(request)[name];
  if (value === undefined) return false;
  const text = Array.isArray(value) ? String(value[value.length - 1]) : String(value);
  return text !== 'false' && text !== '0';
}

/** Uploads may be as large as MAX_UPLOAD_BYTES plus the multipart envelope; larger bodies are a 413. */
const BODY_LIMIT = MAX_UPLOAD_BYTES + 1024 * 1024;

/**
 * `/schema`, wrapped in `data` as Directus answers: GET /snapshot (`{data: snapshot}`; `?export=` downloads the
 * snapshot itself), POST /diff (`{data: {hash, diff, warnings?}}` or 204), POST /apply (204; `?dry_run=true`
 * answers `{data: {hash, dry_run, steps, warnings?}}` with each step's statements). `warnings` name meta keys of
 * the upload that were dropped (decision 0022). Administrators only. Bodies are JSON, or multipart/form-data with
 * one JSON or YAML file; diff and apply take their document bare or wrapped in `{data}`. `?flows=true` on snapshot
 * and diff takes flows and operations in (decision 0077); apply applies them when the diff carries them.
 */
export function createSchemaSnapshotRoutes(deps: SchemaSnapshotRouteDeps): FastifyPluginAsync {
  const services: SchemaModuleDeps = { items: deps.items, schemaStore: deps.schemaStore, version: deps.version };
  return async (app) => {
    app.get('/snapshot', async (request, reply) => {
      const ctx = await deps.contextFor(request);
      return sendResult(request, reply, { data: await takeSnapshot(ctx, services, { flows: flag(request, 'flows') }) });
    });

    app.post('/diff', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const ctx = await deps.contextFor(request);
      const document = await readUpload(request.body, request.headers['content-type']);
      const { result, warnings } = await diffSchemaWithWarnings(ctx, services, document, {
        force: flag(request, 'force'),
        flows: flag(request, 'flows'),
      });
      // Meta keys this server does not store are dropped and named beside the diff (decision 0022).
      return sendResult(request, reply, result === null ? null : { data: warnings.length > 0 ? { ...result, warnings } : result });
    });

    app.post('/apply', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const ctx = await deps.contextFor(request);
      const document = await readUpload(request.body, request.headers['content-type']);
      const dryRun = flag(request, 'dry_run');
      const report = await applyDiff(ctx, services, document, { dryRun, force: flag(request, 'force') });
      return sendResult(request, reply, dryRun ? { data: report } : null);
    });
  };
}
