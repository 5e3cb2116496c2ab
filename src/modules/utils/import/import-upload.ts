import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';
import type { Context } from '../../../engine/context.js';
import { invalidPayload } from '../../../kernel/errors/index.js';
import { readMultipartFiles } from '../../files/index.js';
import type { ItemsService } from '../../items/index.js';
import { importItems } from './import-items.js';

/**
 * A multipart/form-data body with one file part, imported into `collection` as it arrives (importItems): the file
 * is never stored nor held whole, and one over FILES_MAX_UPLOAD_SIZE is refused (413) with nothing written.
 */
export async function importUpload(
  ctx: Context,
  items: ItemsService,
  collection: string,
  body: Readable,
  headers: IncomingHttpHeaders,
): Promise<number> {
  const limits = { fileSize: ctx.config.files.maxUploadSize, fieldSize: ctx.config.server.maxPayloadSize, files: 1 };
  const { results, error } = await readMultipartFiles(body, headers, limits, (part) => {
    // An upload over the limit destroys the part with 413 while the import may be busy writing: the error then
    // reaches the import when it reads on (or its check of `truncated`), never the process.
    part.stream.on('error', () => undefined);
    return importItems(ctx, items, collection, {
      stream: part.stream,
      mimeType: part.mimeType,
      filename: part.filename,
      truncated: part.truncated,
    });
  });
  if (error !== null) throw error;
  if (results.length === 0) throw invalidPayload('No file was included in the body');
  return results[0]!;
}
