import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { StorageDriver } from '../../engine/storage/index.js';
import { contentTooLarge, invalidPayload } from '../../kernel/errors/index.js';
import type { FilePart } from './read-multipart-files.js';
import { readImageSize } from './read-image-size.js';
import { sanitizeFilename, titleFromFilename } from './sanitize-filename.js';
import { isTypeAllowed, SNIFF_BYTES, sniffType } from './sniff-type.js';

/** What was learnt of one stored upload: the `service_files` columns its bytes decide. */
export type StoredFile = {
  storage: string;
  filename_disk: string;
  filename_download: string;
  title: string;
  type: string;
  charset: string | null;
  filesize: number;
  width: number | null;
  height: number | null;
  checksum: string;
};

export type StoreFileOptions = {
  id: string;
  storage: string;
  driver: StorageDriver;
  mimeTypeAllowList: readonly string[];
  maxImageDimension: number;
  /** A replacement gets a key of its own, so the old object serves until the new row commits. */
  replacing: boolean;
};

/**
 * Streams one uploaded file part into storage while learning its type from its first bytes, its size and its
 * SHA-256; then reads an image's dimensions. The key is the file's id and the extension of its real type.
 * A type outside FILES_MIME_TYPE_ALLOW_LIST is refused before anything is stored.
 */
export async function storeFile(part: FilePart, options: StoreFileOptions): Promise<StoredFile> {
  const source = part.stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < SNIFF_BYTES) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headLength += next.value.length;
  }
  const sniffed = await sniffType(Buffer.concat(head), part.mimeType);
  if (!isTypeAllowed(sniffed.type, options.mimeTypeAllowList)) {
    part.stream.resume();
    throw invalidPayload(`Files of type "${sniffed.type}" may not be uploaded (FILES_MIME_TYPE_ALLOW_LIST)`);
  }
  const filenameDownload = sanitizeFilename(part.fields.filename_download ?? part.filename);
  const extension = sniffed.extension ?? safeExtension(filenameDownload);
  const suffix = options.replacing ? `-${randomBytes(4).toString('hex')}` : '';
  const filenameDisk = `${options.id}${suffix}${extension ? `.${extension}` : ''}`;

  const hash = createHash('sha256');
  let size = 0;
  async function* bytes(): AsyncGenerator<Buffer> {
    for (const chunk of head) {
      hash.update(chunk);
      size += chunk.length;
      yield chunk;
    }
    if (!ended) {
      for (let next = await source.next(); !next.done; next = await source.next()) {
        if (part.truncated()) throw contentTooLarge();
        hash.update(next.value);
        size += next.value.length;
        yield next.value;
      }
    }
    if (part.truncated()) throw contentTooLarge();
  }
  await options.driver.write(filenameDisk, Readable.from(bytes()), sniffed.type);
  const dimensions = sniffed.type.startsWith('image/')
    ? await readImageSize(options.driver, filenameDisk, options.maxImageDimension)
    : null;
  return {
    storage: options.storage,
    filename_disk: filenameDisk,
    filename_download: filenameDownload,
    title: titleFromFilename(filenameDownload),
    type: sniffed.type,
    charset: sniffed.charset,
    filesize: size,
    width: dimensions?.width ?? null,
    height: dimensions?.height ?? null,
    checksum: hash.digest('hex'),
  };
}

/** The extension of a name when it is short and plain (letters and digits), lower-cased; else null. */
function safeExtension(filename: string): string | null {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(filename);
  return match ? match[1]!.toLowerCase() : null;
}

/** Rejects a storage location a client names that is not configured. */
export function assertLocation(name: string, known: readonly string[]): void {
  if (!known.includes(name)) throw invalidPayload(`"${name}" is not a storage location of this server (${known.join(', ')})`);
}
