import type { Readable } from 'node:stream';
import yazl from 'yazl';
import { asSystem, type Context } from '../../engine/context.js';
import { isSafeObjectPath, type Storage } from '../../engine/storage/index.js';
import { contentTooLarge, forbidden, invalidPayload } from '../../kernel/errors/index.js';
import { isUuid } from '../../kernel/values/is-uuid.js';
import type { ItemsService } from '../items/index.js';
import { zipEntryNames } from './zip-entry-names.js';

/** The most files one zip download names. */
export const ZIP_MAX_FILES = 1000;

export type FilesZip = { stream: Readable; files: number; bytes: number };

type ZipRow = { id: string; storage: string; filename_disk: string | null; filename_download: string };

/**
 * A zip of the files `ids` names, for a caller who may read every one of them (403 FORBIDDEN otherwise, whether a
 * file is missing or not theirs: the answer never tells which). Everything is checked before a byte is sent: the
 * ids (uuids, 1 to ZIP_MAX_FILES, repeats counted once), read access, that each file's bytes exist, and their total
 * size against ASSETS_ZIP_MAX_SIZE (413). The archive is then streamed, one stored object open at a time.
 */
export async function zipFiles(ctx: Context, deps: { items: ItemsService; storage: Storage }, ids: unknown): Promise<FilesZip> {
  const wanted = checkIds(ids);
  const readable = await deps.items.readMany(ctx, 'service_files', wanted, { fields: ['id'] });
  if (readable.length !== wanted.length) throw forbidden();
  const rows = await fileRows(ctx, wanted);
  return archive(
    ctx,
    deps,
    wanted.map((id) => rows.get(id)),
    zipEntryNames(wanted.map((id) => rows.get(id)?.filename_download ?? '')),
  );
}

/**
 * A zip of every file in the folder `folderId` and the folders below it that the caller may read (Directus's
 * `POST /assets/folder/:id`), each under its folders' names relative to that folder. A folder the caller may not
 * read (or none such) is 403; a tree without a readable file, 400 as in Directus. Sizes, storage and streaming as
 * zipFiles.
 */
export async function zipFolder(ctx: Context, deps: { items: ItemsService; storage: Storage }, folderId: string): Promise<FilesZip> {
  if (!isUuid(folderId)) throw forbidden();
  const { data: folders } = await deps.items.readByQuery(ctx, 'service_folders', { fields: ['id', 'name', 'parent'], limit: -1 });
  const byId = new Map(folders.map((folder) => [String(folder.id), folder]));
  if (!byId.has(folderId)) throw forbidden();
  // The tree below the folder (readable folders only), each with its path relative to the folder.
  const paths = new Map<string, string>([[folderId, '']]);
  for (let added = true; added;) {
    added = false;
    for (const folder of folders) {
      const id = String(folder.id);
      const parentPath = paths.get(String(folder.parent));
      if (paths.has(id) || parentPath === undefined || folder.parent === null) continue;
      paths.set(id, `${parentPath}${zipEntryNames([String(folder.name ?? '')])[0]!}/`);
      added = true;
    }
  }
  const { data: files } = await deps.items.readByQuery(ctx, 'service_files', {
    fields: ['id', 'folder'],
    filter: { folder: { _in: [...paths.keys()] } },
    limit: -1,
  });
  if (files.length === 0) throw invalidPayload('No files found in the selected folders tree');
  if (files.length > ZIP_MAX_FILES) throw invalidPayload(`A zip holds at most ${ZIP_MAX_FILES} files`);
  const ids = files.map((file) => String(file.id));
  const rows = await fileRows(ctx, ids);
  // Unique names within each folder of the zip.
  const names = new Map<string, string>();
  const byFolder = new Map<string, typeof files>();
  for (const file of files) {
    const path = paths.get(String(file.folder)) ?? '';
    byFolder.set(path, [...(byFolder.get(path) ?? []), file]);
  }
  for (const [path, inFolder] of byFolder) {
    const unique = zipEntryNames(inFolder.map((file) => rows.get(String(file.id))?.filename_download ?? ''));
    inFolder.forEach((file, i) => names.set(String(file.id), `${path}${unique[i]!}`));
  }
  return archive(
    ctx,
    deps,
    ids.map((id) => rows.get(id)),
    ids.map((id) => names.get(id)!),
  );
}

/** The storage columns of the files `ids` (read as the system: the caller's read access is checked before). */
async function fileRows(ctx: Context, ids: string[]): Promise<Map<string, ZipRow>> {
  const rows = (await asSystem(ctx)
    .db('service_files')
    .whereIn('id', ids)
    .select('id', 'storage', 'filename_disk', 'filename_download')) as ZipRow[];
  return new Map(rows.map((row) => [String(row.id), row]));
}

/**
 * Checks that every file's bytes exist and their total is within ASSETS_ZIP_MAX_SIZE (413), then streams the zip,
 * one stored object open at a time, `names[i]` naming `rows[i]`.
 */
async function archive(ctx: Context, deps: { storage: Storage }, rows: (ZipRow | undefined)[], names: string[]): Promise<FilesZip> {
  const entries: { row: ZipRow & { filename_disk: string }; size: number }[] = [];
  let bytes = 0;
  for (const row of rows) {
    if (!row?.filename_disk || !isSafeObjectPath(row.filename_disk) || !deps.storage.has(row.storage)) throw forbidden();
    const info = await deps.storage.location(row.storage).stat(row.filename_disk);
    if (!info) throw forbidden();
    bytes += info.size;
    if (bytes > ctx.config.assets.zipMaxSize) throw contentTooLarge();
    entries.push({ row: { ...row, filename_disk: row.filename_disk }, size: info.size });
  }

  const zip = new yazl.ZipFile();
  entries.forEach(({ row }, i) => {
    zip.addReadStreamLazy(names[i]!, (done) => {
      deps.storage
        .location(row.storage)
        .read(row.filename_disk)
        .then(
          (stream) => done(null, stream),
          (error: unknown) => done(error, undefined as unknown as NodeJS.ReadableStream),
        );
    });
  });
  zip.end();
  const stream = zip.outputStream as Readable;
  // A stored object that fails mid-way ends the download with an error instead of leaving it open.
  zip.on('error', (error: Error) => stream.destroy(error));
  return { stream, files: entries.length, bytes };
}

/** `ids`: a non-empty array (or comma-separated string) of file keys, at most ZIP_MAX_FILES, each a uuid. */
function checkIds(ids: unknown): string[] {
  const list =
    typeof ids === 'string'
      ? ids
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean)
      : ids;
  if (!Array.isArray(list) || list.length === 0) throw invalidPayload('"ids" must be a non-empty array of file ids');
  if (list.some((id) => typeof id !== 'string')) throw invalidPayload('"ids" must be an array of strings');
  const unique = [...new Set(list as string[])];
  if (unique.length > ZIP_MAX_FILES) throw invalidPayload(`"ids" may name at most ${ZIP_MAX_FILES} files`);
  // A key that is not a uuid names no file: refused as any file the caller may not read.
  if (unique.some((id) => !isUuid(id))) throw forbidden();
  return unique;
}
