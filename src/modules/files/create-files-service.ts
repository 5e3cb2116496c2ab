import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import { asSystem, type Context } from '../../engine/context.js';
import { getAccess } from '../../engine/permissions/get-access.js';
import { matchRuleFilters } from '../../engine/permissions/match-rule-filters.js';
import { withServerSetFields } from '../../engine/permissions/with-server-set-fields.js';
import type { Storage } from '../../engine/storage/index.js';
import { forbidden, forbiddenAction, invalidPayload, isAppError } from '../../kernel/errors/index.js';
import type { ItemsService, PrimaryKey } from '../items/index.js';
import { exceedsDepth, MAX_JSON_DEPTH } from '../../kernel/json/exceeds-depth.js';
import { createAddressGuard } from '../../kernel/net/address-guard.js';
import { fetchRemoteFile } from './fetch-remote-file.js';
import { readMultipartFiles, type FilePart } from './read-multipart-files.js';
import { deleteStoredObjects, type StoredObjectRef } from './delete-stored-objects.js';
import { assertLocation, storeFile, type StoredFile } from './store-file.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';

/** Most files one request may upload. */
const MAX_FILES_PER_REQUEST = 100;
/** Form fields an upload may not set: the server learns them from the bytes. */
const DERIVED = [
  'filename_disk',
  'type',
  'charset',
  'filesize',
  'width',
  'height',
  'checksum',
  'uploaded_on',
  'uploaded_by',
  'modified_by',
  'modified_on',
  'created_on',
  'id',
];

export type FilesDeps = { items: ItemsService; storage: Storage };

export type FilesService = {
  /** `POST /files` with multipart/form-data: stores every file part and creates its row, all or nothing. */
  upload(ctx: Context, body: Readable, headers: IncomingHttpHeaders): Promise<PrimaryKey[]>;
  /** `PATCH /files/:id` with multipart/form-data: replaces the file's bytes (and the metadata sent with it). */
  replace(ctx: Context, key: PrimaryKey, body: Readable, headers: IncomingHttpHeaders): Promise<PrimaryKey>;
  /**
   * `POST /files/import`: fetches `url` (never from a local, private or reserved address unless
   * IMPORT_IP_ALLOW_LIST allows it) and stores it as a new file with the metadata in `data`.
   */
  importUrl(ctx: Context, url: unknown, data: unknown): Promise<PrimaryKey>;
  /**
   * Stores the bytes of `part` (a stream the server made or fetched) as a new file with the metadata in `data`,
   * under the caller's permissions (create on files); the stored object goes again if the row is refused.
   */
  storeStream(ctx: Context, part: Omit<FilePart, 'fields'>, data: Record<string, unknown>): Promise<PrimaryKey>;
};

/**
 * Uploads. Bytes are streamed into storage first; rows are created through the items service afterwards,
 * in one transaction with the caller's permissions (so row rules and validation on `service_files` apply).
 * When anything fails, every object this request stored is deleted again: no row without its object, no
 * object without its row.
 */
export function createFilesService(deps: FilesDeps): FilesService {
  const { items, storage } = deps;

  const limitsOf = (ctx: Context, files: number) => ({
    fileSize: ctx.config.files.maxUploadSize,
    fieldSize: ctx.config.server.maxPayloadSize,
    files,
  });

  const store =
    (ctx: Context, id: () => string, replacing: boolean, defaultLocation: string) =>
    async (part: Parameters<Parameters<typeof readMultipartFiles>[3]>[0]) => {
      const location = part.fields.storage ?? defaultLocation;
      assertLocation(location, storage.names);
      const key = id();
      const stored = await storeFile(part, {
        id: key,
        storage: location,
        driver: storage.location(location),
        mimeTypeAllowList: ctx.config.files.mimeTypeAllowList,
        maxImageDimension: ctx.config.assets.transformImageMaxDimension,
        replacing,
      });
      return { id: key, stored, fields: part.fields };
    };

  const cleanUp = (ctx: Context, refs: StoredObjectRef[]) => deleteStoredObjects(storage, refs, ctx.logger, { transforms: false });

  const storeStream: FilesService['storeStream'] = async (ctx, part, data) => {
    const id = randomUUID();
    const { stored } = await store(ctx, () => id, false, storage.defaultLocation)({ ...part, fields: {} });
    try {
      const folder = await defaultFolder(ctx);
      const sent = { ...data };
      for (const field of DERIVED) delete sent[field];
      const payload = { ...(folder === null ? {} : { folder }), ...stored, ...sent, id, uploaded_on: ctx.now().toISOString() };
      const serverSet = ['id', 'uploaded_on', ...Object.keys(stored), ...(folder === null ? [] : ['folder'])].filter(
        (field) => !Object.hasOwn(sent, field),
      );
      return await items.createOne(
        { ...ctx, permissions: withServerSetFields(ctx.permissions, 'service_files', 'create', serverSet) },
        'service_files',
        payload,
      );
    } catch (reason) {
      await cleanUp(ctx, [{ id, storage: stored.storage, filename_disk: stored.filename_disk }]);
      throw reason;
    }
  };

  return {
    async importUrl(ctx, url, data) {
      // No request leaves the server for a caller who may not create files.
      if (!getAccess(ctx.permissions, 'service_files', 'create')) throw forbiddenAction('create', 'service_files');
      if (typeof url !== 'string' || url.trim() === '') throw invalidPayload('"url" is required');
      if (data !== undefined && data !== null && !isPlainObject(data)) throw invalidPayload('"data" must be an object');
      const guard = createAddressGuard(ctx.config.files.importIpAllowList);
      const part = await fetchRemoteFile(url.trim(), { guard, maxBytes: ctx.config.files.maxUploadSize });
      return storeStream(ctx, part, (data ?? {}) as Record<string, unknown>);
    },

    storeStream,

    async upload(ctx, body, headers) {
      const { results, error } = await readMultipartFiles(
        body,
        headers,
        limitsOf(ctx, MAX_FILES_PER_REQUEST),
        store(ctx, randomUUID, false, storage.defaultLocation),
      );
      const refs = results.map((r) => ({ id: r.id, storage: r.stored.storage, filename_disk: r.stored.filename_disk }));
      if (error !== null) {
        await cleanUp(ctx, refs);
        throw error;
      }
      if (results.length === 0) throw invalidPayload('No file was included in the body');
      try {
        const folder = await defaultFolder(ctx);
        const payloads = results.map((r) => ({
          ...(folder === null ? {} : { folder }),
          ...r.stored,
          ...metadataFields(r.fields),
          id: r.id,
          uploaded_on: ctx.now().toISOString(),
        }));
        // What the server learnt from the bytes is written whatever the policy's field list says (its validation
        // still applies); the metadata a client sent is checked against the field list as usual.
        const sent = new Set(results.flatMap((r) => Object.keys(r.fields)));
        const serverSet = ['id', 'uploaded_on', ...Object.keys(results[0]!.stored), ...(folder === null ? [] : ['folder'])].filter(
          (field) => !sent.has(field),
        );
        return await items.createMany(
          { ...ctx, permissions: withServerSetFields(ctx.permissions, 'service_files', 'create', serverSet) },
          'service_files',
          payloads,
        );
      } catch (reason) {
        await cleanUp(ctx, refs);
        throw reason;
      }
    },

    async replace(ctx, key, body, headers) {
      // Access before a byte is read: no rule for the action is the same answer for any id, and a file outside
      // the rules' row filter looks like one that does not exist (Directus's rule: no probing).
      const access = getAccess(ctx.permissions, 'service_files', 'update');
      if (!access) throw forbiddenAction('update', 'service_files');
      if (
        access.kind === 'rules' &&
        access.rowFilter &&
        !(await matchRuleFilters(ctx, 'service_files', key, [access.rowFilter])).matches[0]
      )
        throw forbidden();
      const existing = (await ctx
        .db('service_files')
        .where({ id: String(key) })
        .first('id', 'storage', 'filename_disk')) as StoredObjectRef | undefined;
      if (!existing) throw forbidden();
      const { results, error } = await readMultipartFiles(
        body,
        headers,
        limitsOf(ctx, 1),
        store(ctx, () => existing.id, true, existing.storage),
      );
      const refs = results.map((r) => ({ id: r.id, storage: r.stored.storage, filename_disk: r.stored.filename_disk }));
      if (error !== null) {
        await cleanUp(ctx, refs);
        throw isAppError(error) && error.code === 'INVALID_PAYLOAD' && /At most 1 files/.test(error.message)
          ? invalidPayload('More than one file was included in the body')
          : error;
      }
      if (results.length === 0) throw invalidPayload('No file was included in the body');
      const [replacement] = results;
      try {
        const serverSet = Object.keys(replacement!.stored).filter((field) => !Object.hasOwn(replacement!.fields, field));
        const permissions = withServerSetFields(ctx.permissions, 'service_files', 'update', serverSet);
        const updated = await items.updateOne({ ...ctx, permissions }, 'service_files', key, {
          ...replacement!.stored,
          ...metadataFields(replacement!.fields),
        });
        // The old bytes and their transformations go once the new row is committed.
        await deleteStoredObjects(storage, [existing], ctx.logger, { transforms: true });
        return updated;
      } catch (reason) {
        await cleanUp(ctx, refs);
        throw reason;
      }
    },
  };
}

/** The form fields sent with a file, minus the ones the server derives from its bytes. */
function metadataFields(fields: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (DERIVED.includes(name)) continue;
    out[name] = name === 'tags' || name === 'metadata' ? parseJsonField(name, value) : value;
  }
  return out;
}

function parseJsonField(name: string, value: string): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value) as unknown;
  } catch {
    if (name === 'tags')
      return value
        .split(',')
        .map((tag) => tag.trim())
        .filter((tag) => tag !== '');
    throw invalidPayload(`The form field "${name}" must be JSON`);
  }
  if (value.length > 2 * MAX_JSON_DEPTH && exceedsDepth(parsed))
    throw invalidPayload(`The form field "${name}" is nested deeper than ${MAX_JSON_DEPTH} levels`);
  return parsed;
}

/** The project's default folder for uploads that name none (`storage_default_folder`). */
async function defaultFolder(ctx: Context): Promise<string | null> {
  const row = (await asSystem(ctx).db('service_settings').first('storage_default_folder')) as
    { storage_default_folder: string | null } | undefined;
  return row?.storage_default_folder ?? null;
}

export type { StoredFile };
