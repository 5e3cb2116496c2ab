import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterEach, describe, expect, it } from 'vitest';
import type { StorageLocationConfig } from '../../config/index.js';
import { createStorage, UnknownStorageLocationError } from './create-storage.js';

const s3: StorageLocationConfig = {
  name: 'cloud',
  driver: 's3',
  root: 'media',
  key: 'k',
  secret: 's',
  bucket: 'bucket',
  region: 'eu-west-1',
  // Nothing listens here: making the driver must not connect (nor load the SDK).
  endpoint: 'http://127.0.0.1:9',
  forcePathStyle: true,
  acl: null,
  serverSideEncryption: null,
};

describe('createStorage', () => {
  let root: string | null = null;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
    root = null;
  });

  it('makes a driver for every location, the first being the default', async () => {
    root = await mkdtemp(join(tmpdir(), 'stratum-storage-'));
    const storage = createStorage([{ name: 'local', driver: 'local', root }, s3]);
    expect(storage.defaultLocation).toBe('local');
    expect(storage.names).toEqual(['local', 'cloud']);
    await storage.location('local').write('a.txt', Readable.from([Buffer.from('hello')]));
    expect((await buffer(await storage.location('local').read('a.txt'))).toString()).toBe('hello');
    expect(storage.location('cloud')).not.toBe(storage.location('local'));
    expect(storage.location('cloud')).toBe(storage.location('cloud'));
    await storage.close();
  });

  it('names the unknown location and the configured ones', () => {
    const storage = createStorage([s3]);
    expect(() => storage.location('local')).toThrow(UnknownStorageLocationError);
    expect(() => storage.location('local')).toThrow('No storage location "local" is configured (STORAGE_LOCATIONS lists "cloud")');
  });

  it('closes every driver once, and an S3 location never used costs nothing to close', async () => {
    const storage = createStorage([s3]);
    await expect(storage.close()).resolves.toBeUndefined();
    await expect(storage.close()).resolves.toBeUndefined();
    await expect(storage.location('cloud').stat('a.txt')).rejects.toThrow('The storage location "cloud" is closed');
  });

  it('refuses no locations and a name given twice', () => {
    expect(() => createStorage([])).toThrow(/at least one storage location/);
    expect(() => createStorage([s3, s3])).toThrow('The storage location "cloud" is configured twice');
  });
});
