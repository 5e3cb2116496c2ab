import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3LocationConfig } from '../../src/engine/storage/create-s3-driver.js';

export type OwnS3Server = {
  /** `http://127.0.0.1:<port>`: give it as the endpoint, with path-style addressing. */
  endpoint: string;
  /** A bucket made for this server, empty at the start. */
  bucket: string;
  /** The key pair the server accepts (s3rver's built-in account; it checks SigV4 signatures with it). */
  key: string;
  secret: string;
  /** An s3 storage location on this server (its bucket unless told), under `root` (none by default). */
  location(options?: { name?: string; root?: string; bucket?: string }): S3LocationConfig;
  /** How many multipart uploads of the bucket were started and neither completed nor aborted. */
  pendingUploads(): Promise<number>;
  /** How many multipart uploads were aborted (AbortMultipartUpload answered 204). */
  abortedUploads(): number;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
};

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY = fileURLToPath(new URL('./s3rver-process.ts', import.meta.url));

/**
 * An S3-compatible server of a test's own: s3rver (a devDependency, from the npm registry) in a child process
 * (s3rver-process.ts says why), on a port the system hands out, keeping its objects in a temporary folder of its
 * own, with one fresh bucket. Nothing else on the machine is needed or touched. See
 * docs/decisions/0026-s3-driver-and-test-server.md for what s3rver does differently from S3.
 */
export async function ownS3Server(): Promise<OwnS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'stratum-s3-'));
  const bucket = `stratum-${randomBytes(6).toString('hex')}`;
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '--import', 'tsx', ENTRY, directory, bucket], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let aborted = 0;

  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      let out = '';
      let err = '';
      child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before it listened:\n${err}`)));
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        let newline;
        while ((newline = out.indexOf('\n')) !== -1) {
          const line = out.slice(0, newline);
          out = out.slice(newline + 1);
          if (line.startsWith('{')) resolve((JSON.parse(line) as { port: number }).port);
          else if (line.startsWith('aborted ')) aborted++;
        }
      });
    });
  } catch (error) {
    child.kill('SIGKILL');
    process.off('exit', killOnExit);
    await rm(directory, { recursive: true, force: true });
    throw error;
  }

  const endpoint = `http://127.0.0.1:${port}`;
  let stopped = false;
  return {
    endpoint,
    bucket,
    key: 'S3RVER',
    secret: 'S3RVER',
    location: (options = {}) => ({
      name: options.name ?? 's3',
      driver: 's3',
      root: options.root ?? '',
      key: 'S3RVER',
      secret: 'S3RVER',
      bucket: options.bucket ?? bucket,
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      acl: null,
      serverSideEncryption: null,
    }),
    async pendingUploads() {
      return (await readdir(join(directory, bucket, '._S3rver_uploads')).catch(() => [])).length;
    },
    abortedUploads: () => aborted,
    async stop() {
      if (stopped) return;
      stopped = true;
      process.off('exit', killOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      await rm(directory, { recursive: true, force: true });
    },
  };
}
