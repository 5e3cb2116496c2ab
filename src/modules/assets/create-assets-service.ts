import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { asSystem, type Context } from '../../engine/context.js';
import { isSafeObjectPath, type ByteRange, type Storage } from '../../engine/storage/index.js';
import { forbidden, routeNotFound } from '../../kernel/errors/index.js';
import type { ItemsService } from '../items/index.js';
import { transformsPrefix } from '../files/index.js';
import { parseTransform, type AssetPreset, type TransformSpec } from './parse-transform.js';
import { createTransformQueue, type TransformQueue } from './transform-queue.js';
import { outputFormat, transformImage, TRANSFORMABLE } from './transform-image.js';
import { isUuid } from '../../kernel/values/is-uuid.js';
import { zipFiles, zipFolder, type FilesZip } from './zip-files.js';

/** One answer of `/assets/:id`: the object to stream and what its headers say. */
export type Asset = {
  id: string;
  storage: string;
  /** Key of the object to send: the file itself, or its cached transformation. */
  path: string;
  type: string;
  charset: string | null;
  filenameDownload: string;
  size: number;
  etag: string;
  modified: Date;
};

export type AssetsService = {
  /** Checks the caller may read the file, applies a transformation (cached in storage), and describes the answer. */
  resolve(ctx: Context, id: string, query: Record<string, unknown>, accept?: string): Promise<Asset>;
  /** The asset's bytes, whole or one range. */
  open(asset: Asset, range: ByteRange | null): Promise<Readable>;
  /** A zip of several files the caller may read (zip-files). */
  zip(ctx: Context, ids: unknown): Promise<FilesZip>;
  /** A zip of the files of a folder and the folders below it that the caller may read (zip-files). */
  zipFolder(ctx: Context, folder: string): Promise<FilesZip>;
};

type FileRow = {
  id: string;
  storage: string;
  filename_disk: string | null;
  filename_download: string;
  type: string | null;
  charset: string | null;
  width: number | null;
  height: number | null;
};

/**
 * `/assets`: a file's bytes for whoever may read its `service_files` row (row rules included; the public
 * policy decides for callers without a token). Transformations run in a bounded queue and their results are
 * kept in the file's storage location under `__transforms/<id>/`, keyed by the stored object and the
 * transformation, so every instance reuses them and a replaced file never serves an old one.
 */
export function createAssetsService(deps: { items: ItemsService; storage: Storage; queue?: TransformQueue }): AssetsService {
  const { items, storage } = deps;
  let queue = deps.queue ?? null;
  const inFlight = new Map<string, Promise<void>>();

  const produce = (
    ctx: Context,
    file: FileRow,
    spec: TransformSpec,
    format: ReturnType<typeof outputFormat>,
    path: string,
  ): Promise<void> => {
    const existing = inFlight.get(path);
    if (existing) return existing;
    queue ??= createTransformQueue({
      concurrency: ctx.config.assets.transformMaxConcurrent,
      maxWaiting: ctx.config.assets.transformMaxQueue,
      timeout: ctx.config.assets.transformTimeout,
    });
    const driver = storage.location(file.storage);
    const job = queue
      .run(() => transformImage(driver, file.filename_disk!, path, spec, format, ctx.config.assets))
      .finally(() => inFlight.delete(path));
    inFlight.set(path, job);
    return job;
  };

  return {
    async resolve(ctx, id, query, accept) {
      if (!isUuid(id)) throw forbidden();
      // The caller's read access to the row decides (403 for a file that is missing or not theirs to read).
      await items.readOne(ctx, 'service_files', id, { fields: ['id'] });
      const file = (await asSystem(ctx)
        .db('service_files')
        .where({ id })
        .first('id', 'storage', 'filename_disk', 'filename_download', 'type', 'charset', 'width', 'height')) as FileRow | undefined;
      if (!file) throw forbidden();
      // A key that would leave the location's root (written behind the API) is never followed.
      if (!file.filename_disk || !isSafeObjectPath(file.filename_disk) || !storage.has(file.storage)) throw routeNotFound(`/assets/${id}`);
      const driver = storage.location(file.storage);
      const spec = parseTransform(query, await transformRules(ctx));
      const type = (file.type ?? 'application/octet-stream').toLowerCase();

      if (spec === null || !TRANSFORMABLE.has(type)) {
        const info = await driver.stat(file.filename_disk);
        if (!info) throw routeNotFound(`/assets/${id}`);
        return {
          id,
          storage: file.storage,
          path: file.filename_disk,
          type,
          charset: file.charset,
          filenameDownload: file.filename_download,
          size: info.size,
          etag: etagOf(file.filename_disk, info.size, info.modified),
          modified: info.modified,
        };
      }

      const format = outputFormat(spec, type, accept);
      const digest = createHash('sha256')
        .update(JSON.stringify([file.filename_disk, spec, format]))
        .digest('hex')
        .slice(0, 32);
      const path = `${transformsPrefix(id)}${digest}.${format.extension}`;
      let info = await driver.stat(path);
      if (!info) {
        await produce(ctx, file, spec, format, path);
        info = await driver.stat(path);
        if (!info) throw routeNotFound(`/assets/${id}`);
      }
      return {
        id,
        storage: file.storage,
        path,
        type: format.type,
        charset: null,
        filenameDownload: renamed(file.filename_download, format.extension),
        size: info.size,
        etag: etagOf(path, info.size, info.modified),
        modified: info.modified,
      };
    },

    open(asset, range) {
      return storage.location(asset.storage).read(asset.path, range ?? undefined);
    },

    zip: (ctx, ids) => zipFiles(ctx, { items, storage }, ids),
    zipFolder: (ctx, folder) => zipFolder(ctx, { items, storage }, folder),
  };
}

/** The project's transformation rules (settings) and the server's limits. */
async function transformRules(ctx: Context) {
  const row = (await asSystem(ctx).db('service_settings').first('storage_asset_transform', 'storage_asset_presets')) as
    { storage_asset_transform: string | null; storage_asset_presets: unknown } | undefined;
  const mode = row?.storage_asset_transform === 'none' || row?.storage_asset_transform === 'presets' ? row.storage_asset_transform : 'all';
  let presets: unknown = row?.storage_asset_presets ?? null;
  if (typeof presets === 'string') presets = JSON.parse(presets) as unknown;
  return {
    mode: mode as 'all' | 'none' | 'presets',
    presets: Array.isArray(presets) ? (presets as AssetPreset[]) : [],
    maxDimension: ctx.config.assets.transformImageMaxDimension,
    maxOperations: ctx.config.assets.transformMaxOperations,
  };
}

/** A strong validator from what identifies the bytes: their key (new on every replacement), size and time. */
function etagOf(path: string, size: number, modified: Date): string {
  return `"${createHash('sha1').update(`${path}:${size}:${modified.getTime()}`).digest('base64url').slice(0, 27)}"`;
}

/** `photo.png` transformed to webp downloads as `photo.webp`. */
function renamed(filename: string, extension: string): string {
  const dot = filename.lastIndexOf('.');
  return `${dot > 0 ? filename.slice(0, dot) : filename}.${extension}`;
}
