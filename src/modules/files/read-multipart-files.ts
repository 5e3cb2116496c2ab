import type { IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import type { Busboy as BusboyFactory } from '@fastify/busboy';
import { contentTooLarge, invalidPayload } from '../../kernel/errors/index.js';

const require = createRequire(import.meta.url);
let busboyClass: typeof BusboyFactory | null = null;

/** One file part of a multipart body, with the form fields that came before it (Directus's rule). */
export type FilePart = {
  fields: Record<string, string>;
  stream: Readable;
  filename: string;
  mimeType: string;
  /** True once the part went over the size limit (the stream then ends early: the consumer must fail with 413). */
  truncated: () => boolean;
};

export type MultipartLimits = {
  /** Largest file (FILES_MAX_UPLOAD_SIZE); null for none. Beyond it the upload fails with 413. */
  fileSize: number | null;
  /** Largest text field (MAX_PAYLOAD_SIZE). */
  fieldSize: number;
  /** Most files in one request. */
  files: number;
};

/**
 * Streams a multipart/form-data body: calls `onFile` for each file part in order, while the part is still
 * arriving (nothing is buffered whole); `onFile` must consume the stream. Resolves with the results of
 * `onFile` once the body has ended and every call has settled; rejects with the first error (a malformed
 * body is 400 INVALID_PAYLOAD, a file over the limit 413) after every call has settled, so the caller can
 * clean up what the successful calls stored.
 */
export function readMultipartFiles<T>(
  body: Readable,
  headers: IncomingHttpHeaders,
  limits: MultipartLimits,
  onFile: (part: FilePart) => Promise<T>,
): Promise<{ results: T[]; error: unknown }> {
  return new Promise((resolve) => {
    busboyClass ??= (require('@fastify/busboy') as { Busboy: typeof BusboyFactory }).Busboy;
    const fields: Record<string, string> = {};
    const settled: Promise<void>[] = [];
    const results: T[] = [];
    /** File parts still arriving: a body that stops early must fail them, or their consumers wait forever. */
    const open = new Set<Readable>();
    let error: unknown = null;
    const fail = (reason: unknown) => {
      error ??= reason;
    };
    let parser: InstanceType<typeof BusboyFactory>;
    try {
      parser = new busboyClass({
        headers: headers as { 'content-type': string },
        limits: {
          fileSize: limits.fileSize ?? Infinity,
          fieldSize: limits.fieldSize,
          files: limits.files,
          fields: 100,
          parts: limits.files + 100,
        },
      });
    } catch (reason) {
      resolve({
        results,
        error: invalidPayload(`The multipart body can't be read: ${reason instanceof Error ? reason.message : String(reason)}`),
      });
      return;
    }
    parser.on('field', (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
      if (valueTruncated) fail(contentTooLarge());
      else if (name === '__proto__' || name === 'constructor' || name === 'prototype')
        fail(invalidPayload(`The form field "${name}" is not allowed`));
      else fields[name] = value;
    });
    parser.on('file', (_field: string, stream: Readable, filename: string, _encoding: string, mimeType: string) => {
      if (error !== null) {
        stream.resume();
        return;
      }
      open.add(stream);
      stream.once('end', () => open.delete(stream));
      stream.once('close', () => open.delete(stream));
      let truncated = false;
      stream.on('limit', () => {
        truncated = true;
        // Answer 413 now rather than after the rest of the body (the HTTP layer discards that for a bounded time).
        stopEarly(contentTooLarge());
      });
      const index = results.length;
      results.push(undefined as T);
      settled.push(
        onFile({ fields: { ...fields }, stream, filename, mimeType, truncated: () => truncated }).then(
          (result) => {
            results[index] = result;
          },
          (reason: unknown) => {
            fail(reason);
            discard(stream);
          },
        ),
      );
    });
    parser.on('filesLimit', () => fail(invalidPayload(`At most ${limits.files} files may be uploaded at once`)));
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      void Promise.all(settled).then(() => resolve({ results: error === null ? results : results.filter((r) => r !== undefined), error }));
    };
    parser.on('error', (reason: unknown) => {
      fail(invalidPayload(`The multipart body can't be read: ${reason instanceof Error ? reason.message : String(reason)}`));
      finish();
    });
    parser.on('finish', finish);
    let ended = false;
    body.once('end', () => {
      ended = true;
    });
    function stopEarly(failure: unknown): void {
      fail(failure);
      for (const stream of open) stream.destroy(failure as Error);
      open.clear();
      body.unpipe(parser);
      finish();
    }
    const interrupted = (reason: Error) => {
      if (ended && open.size === 0) return;
      stopEarly(invalidPayload(`The upload was interrupted: ${reason.message}`));
    };
    body.on('error', interrupted);
    body.once('aborted', () => interrupted(new Error('the client went away')));
    body.once('close', () => {
      if (!ended) interrupted(new Error('the connection closed'));
    });
    body.pipe(parser);
  });
}

/**
 * Reads the rest of a part the consumer gave up on, so the parser sees it end and finishes. A plain resume()
 * does nothing while an abandoned async iterator still listens for 'readable' (the stream would never flow, the
 * body would stop being read and the answer, a 413 for a file over the limit, would never be sent).
 */
function discard(stream: Readable): void {
  stream.removeAllListeners('readable');
  stream.resume();
}
