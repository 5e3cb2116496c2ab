import { Readable } from 'node:stream';
import type { Context } from '../../engine/context.js';
import { getAccess } from '../../engine/permissions/get-access.js';
import type { Query } from '../../engine/query/query.types.js';
import { forbiddenAction, invalidPayload } from '../../kernel/errors/index.js';
import { exportFilename, EXPORT_FORMATS, type ExportFormat } from '../../kernel/export/format-export.js';
import { streamExport } from '../../kernel/export/stream-export.js';
import { isPlainObject } from '../../kernel/values/is-plain-object.js';
import type { FilesService } from '../files/index.js';
import { readPages, type ItemsService, type PrimaryKey } from '../items/index.js';
import { notifyExport } from './notify-export.js';

const MIME_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv',
  csv_utf8: 'text/csv',
  json: 'application/json',
  xml: 'text/xml',
  yaml: 'text/yaml',
};

/**
 * `POST /utils/export/:collection {format, query, file?}`: the items `query` selects, read page by page through
 * readByQuery with the caller's permissions (field and row rules, concealed values), written as a CSV, JSON, XML
 * or YAML file straight into the file library (streamed, never held whole), with the metadata in `file` and the
 * caller's permissions on files; the caller is then notified (notify-export). The first page is read before anything is stored, so a refused query is
 * answered with its error and leaves no file. Answers the new file's key.
 */
export async function exportToFile(
  ctx: Context,
  deps: { items: ItemsService; files: FilesService },
  collection: string,
  input: { format: unknown; query: Query; file: unknown },
): Promise<PrimaryKey> {
  const format = input.format;
  if (typeof format !== 'string' || !(EXPORT_FORMATS as readonly string[]).includes(format))
    throw invalidPayload(`"format" must be one of [${EXPORT_FORMATS.join(', ')}]`);
  if (input.file !== undefined && input.file !== null && !isPlainObject(input.file)) throw invalidPayload('"file" must be an object');
  // Nothing is read for a caller who may not store the result.
  if (!getAccess(ctx.permissions, 'service_files', 'create')) throw forbiddenAction('create', 'service_files');
  const pages = readPages(ctx, collection, input.query);
  const first = await pages.next();
  async function* started() {
    for (let next = first; next.done !== true; next = await pages.next()) yield next.value;
  }
  const extension = format === 'csv_utf8' ? 'csv' : format;
  const filename = exportFilename(`export-${collection}`, extension, ctx.now());
  const title = filename.slice(0, -(extension.length + 1));
  const meta = (input.file ?? {}) as Record<string, unknown>;
  const key = await deps.files.storeStream(
    ctx,
    {
      stream: Readable.from(utf8(streamExport(started(), format as ExportFormat))),
      filename: typeof meta.filename_download === 'string' ? meta.filename_download : filename,
      mimeType: MIME_TYPES[format as ExportFormat],
      truncated: () => false,
    },
    { title, filename_download: filename, ...meta },
  );
  await notifyExport(ctx, deps.items, collection, key, typeof meta.filename_download === 'string' ? meta.filename_download : filename);
  return key;
}

/** The text of an export as UTF-8 bytes, as storage takes them. */
async function* utf8(text: AsyncIterable<string>): AsyncGenerator<Buffer> {
  for await (const chunk of text) yield Buffer.from(chunk, 'utf8');
}
