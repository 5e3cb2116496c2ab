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
  const rows = (await asSystem(ctx)
    .db('service_files')
    .whereIn('id', wanted)
    .select('id', 'storage', 'filename_disk', 'filename_download')) as ZipRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  const entries: { row: ZipRow & { filename_disk: string }; size: number }[] = [];
  let bytes = 0;
  for (const id of wanted) {
    const row = byId.get(id);
    if (!row?.filename_disk || !isSafeObjectPath(row.filename_disk) || !deps.storage.has(row.storage)) throw forbidden();
    const info = await deps.storage.location(row.storage).stat(row.filename_disk);
    if (!info) throw forbidden();
    bytes += info.size;
    if (bytes > ctx.config.assets.zipMaxSize) throw contentTooLarge();
    entries.push({ row: { ...row, filename_disk: row.filename_disk }, size: info.size });
  }

  const zip = new yazl.ZipFile();
  const names = zipEntryNames(entries.map((entry) => entry.row.filename_download));
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
