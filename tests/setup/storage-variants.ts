import { buffer } from 'node:stream/consumers';
import type { App } from '../../src/app.js';
import { ownS3Server } from '../support/own-s3-server.js';

/** The storage drivers the files suites run against: the local disk, and S3 through an s3rver of the suite's own. */
export const STORAGE_KINDS = ['local', 's3'] as const;
export type StorageKind = (typeof STORAGE_KINDS)[number];

/** The STORAGE_* variables of a test app on that driver, and how to stop what they need. */
export async function storageEnv(kind: StorageKind): Promise<{ env: Record<string, string>; stop: () => Promise<void> }> {
  if (kind === 'local') return { env: {}, stop: async () => undefined };
  const server = await ownS3Server();
  return {
    env: {
      STORAGE_LOCATIONS: 's3',
      STORAGE_S3_DRIVER: 's3',
      STORAGE_S3_ENDPOINT: server.endpoint,
      STORAGE_S3_BUCKET: server.bucket,
      STORAGE_S3_KEY: server.key,
      STORAGE_S3_SECRET: server.secret,
      STORAGE_S3_FORCE_PATH_STYLE: 'true',
      STORAGE_S3_ROOT: 'uploads',
    },
    stop: () => server.stop(),
  };
}

/** The keys of every stored object of the app's default location, under `prefix` (all but transformations by default), sorted. */
export async function storedKeys(app: App, prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of app.storage.location(app.storage.defaultLocation).list(prefix))
    if (prefix !== '' || !key.startsWith('__transforms/')) keys.push(key);
  return keys.sort();
}

/** The bytes of one stored object of the app's default location. */
export async function storedBytes(app: App, key: string): Promise<Buffer> {
  return buffer(await app.storage.location(app.storage.defaultLocation).read(key));
}
