/**
 * The process that ownS3Server (own-s3-server.ts) starts: s3rver on 127.0.0.1 with a port the system hands out,
 * objects kept in `directory`, one bucket made. Run as
 *
 *   node --openssl-legacy-provider --import tsx tests/support/s3rver-process.ts <directory> <bucket>
 *
 * s3rver makes ListObjectsV2 continuation tokens with DES, which OpenSSL 3 keeps in its legacy provider: without
 * the flag every truncated listing fails with a 500, hence a process of its own rather than one in the test's.
 *
 * Prints `{"port":…}` on one line when it listens and `aborted <uploadId>` for each aborted multipart upload.
 * It stops when its standard input closes (the test process ended, however it ended) or on SIGTERM, and removes
 * `directory` as it goes.
 */
import { readdir, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join } from 'node:path';
import S3rver from 's3rver';

type KoaContext = { method: string; path: string; query: Record<string, unknown>; status: number; type: string; body: unknown };
type KoaMiddleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;

const [directory, bucket] = process.argv.slice(2);
if (!directory || !bucket) {
  process.stderr.write('usage: s3rver-process.ts <directory> <bucket>\n');
  process.exit(2);
}

const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  vhostBuckets: false,
  configureBuckets: [{ name: bucket, configs: [] }],
});

/**
 * s3rver implements no AbortMultipartUpload (DELETE /bucket/key?uploadId=…; it answers 405), which S3 and the
 * other implementations have and which the driver sends when a stream fails after its first part. This adds it in
 * front of s3rver's routes, as S3 behaves: 204 with the parts gone, or 404 NoSuchUpload. (s3rver is a Koa
 * application: `middleware` is Koa's own list, composed when the server starts listening.)
 */
(server as unknown as { middleware: KoaMiddleware[] }).middleware.unshift(async (ctx, next) => {
  const uploadId = ctx.query.uploadId;
  const target = ctx.path.split('/')[1] ?? '';
  if (ctx.method !== 'DELETE' || typeof uploadId !== 'string') return next();
  // s3rver's file store keeps the parts of an unfinished upload in one folder per upload.
  const folder =
    /^[0-9a-f]+$/.test(uploadId) && /^[a-z0-9.-]+$/.test(target) ? join(directory, target, '._S3rver_uploads', uploadId) : null;
  if (
    folder !== null &&
    (await readdir(folder).then(
      () => true,
      () => false,
    ))
  ) {
    await rm(folder, { recursive: true, force: true });
    process.stdout.write(`aborted ${uploadId}\n`);
    ctx.status = 204;
    return;
  }
  ctx.status = 404;
  ctx.type = 'application/xml';
  ctx.body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
});

const stop = async (): Promise<void> => {
  const http = (server as unknown as { httpServer?: Server }).httpServer;
  // Keep-alive sockets of clients that were never closed would hold `close` open: cut them.
  http?.closeAllConnections();
  await server.close().catch(() => undefined);
  // The folder is this server's alone: remove it here too, for when the test process died without stopping it.
  await rm(directory, { recursive: true, force: true });
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.stdin.on('end', () => void stop());
process.stdin.resume();

const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
