import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { buffer } from 'node:stream/consumers';
import { HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Driver } from '../../src/engine/storage/create-s3-driver.js';
import type { StorageDriver } from '../../src/engine/storage/storage-driver.js';
import { ownS3Server, type OwnS3Server } from '../support/own-s3-server.js';
import { describeStorageDriverContract } from '../support/storage-driver-contract.js';

// Each contract run has a server (and so a bucket and a folder) of its own.
describeStorageDriverContract('s3', async () => {
  const server = await ownS3Server();
  return { driver: createS3Driver(server.location()), cleanup: () => server.stop() };
});

describeStorageDriverContract('s3 under a root prefix', async () => {
  const server = await ownS3Server();
  return { driver: createS3Driver(server.location({ root: 'tenant/uploads' })), cleanup: () => server.stop() };
});

describe('s3 driver', () => {
  let server: OwnS3Server;
  let raw: S3Client;

  beforeAll(async () => {
    server = await ownS3Server();
    raw = new S3Client({
      region: 'us-east-1',
      endpoint: server.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: server.key, secretAccessKey: server.secret },
    });
  });
  afterAll(async () => {
    raw.destroy();
    await server.stop();
  });

  /** Every key in the bucket, as S3 itself lists them. */
  async function bucketKeys(): Promise<string[]> {
    const page = await raw.send(new ListObjectsV2Command({ Bucket: server.bucket }));
    return (page.Contents ?? []).map((object) => object.Key!).sort();
  }

  async function withDriver<T>(driver: StorageDriver, run: (driver: StorageDriver) => Promise<T>): Promise<T> {
    try {
      return await run(driver);
    } finally {
      await driver.close?.();
    }
  }

  it('keys objects under the root, and lists them without it', async () => {
    await withDriver(createS3Driver(server.location({ root: 'site/a' })), async (driver) => {
      await driver.write('x/1.txt', Readable.from([Buffer.from('one')]), 'text/plain');
      expect(await bucketKeys()).toContain('site/a/x/1.txt');
      expect((await raw.send(new HeadObjectCommand({ Bucket: server.bucket, Key: 'site/a/x/1.txt' }))).ContentType).toBe('text/plain');
      const listed: string[] = [];
      for await (const path of driver.list('x/')) listed.push(path);
      expect(listed).toEqual(['x/1.txt']);
    });
    // A neighbour whose root only starts like it sees none of its objects.
    await withDriver(createS3Driver(server.location({ root: 'site/ab' })), async (driver) => {
      await driver.write('x/2.txt', Readable.from([Buffer.from('two')]));
      const listed: string[] = [];
      for await (const path of driver.list('')) listed.push(path);
      expect(listed).toEqual(['x/2.txt']);
    });
  });

  it('streams a 12 MB upload in parts and reads a range across a part boundary', async () => {
    const whole = randomBytes(12 * 1024 * 1024);
    let offset = 0;
    // 64 KiB at a time, as a request body arrives: the driver never sees the whole file at once.
    const source = new Readable({
      read() {
        if (offset >= whole.length) this.push(null);
        else {
          this.push(whole.subarray(offset, offset + 64 * 1024));
          offset += 64 * 1024;
        }
      },
    });
    await withDriver(createS3Driver(server.location({ root: 'multipart' })), async (driver) => {
      await driver.write('big/random.bin', source, 'application/octet-stream');
      expect((await driver.stat('big/random.bin'))?.size).toBe(whole.length);
      const start = 8 * 1024 * 1024 - 10;
      const piece = await buffer(await driver.read('big/random.bin', { start, end: start + 19 }));
      expect(piece.equals(whole.subarray(start, start + 20))).toBe(true);
      expect((await buffer(await driver.read('big/random.bin'))).equals(whole)).toBe(true);
    });
  });

  it('aborts the multipart upload when the stream fails after the first part', async () => {
    let sent = 0;
    const source = new Readable({
      read() {
        if (sent === 10) this.destroy(new Error('client went away'));
        else {
          sent++;
          this.push(Buffer.alloc(1024 * 1024, sent));
        }
      },
    });
    await withDriver(createS3Driver(server.location({ root: 'aborted' })), async (driver) => {
      await expect(driver.write('half.bin', source)).rejects.toThrow('client went away');
      expect(await driver.stat('half.bin')).toBeNull();
    });
    expect((await bucketKeys()).filter((key) => key.startsWith('aborted/'))).toEqual([]);
    // The part already sent (8 MiB) was dropped with the upload, not left behind to be billed.
    await expect.poll(() => server.abortedUploads()).toBe(1);
    expect(await server.pendingUploads()).toBe(0);
  });

  it('lists page after page', async () => {
    await withDriver(createS3Driver(server.location({ root: 'paged' }), { listPageSize: 2 }), async (driver) => {
      for (const n of [1, 2, 3, 4, 5]) await driver.write(`p/${n}.txt`, Readable.from([Buffer.from(String(n))]));
      const listed: string[] = [];
      for await (const path of driver.list('p/')) listed.push(path);
      expect(listed.sort()).toEqual(['p/1.txt', 'p/2.txt', 'p/3.txt', 'p/4.txt', 'p/5.txt']);
    });
  });

  it('names the bucket and the location when the bucket does not exist', async () => {
    await withDriver(createS3Driver(server.location({ name: 'media', bucket: 'no-such-bucket' })), async (driver) => {
      const clear = /bucket "no-such-bucket" of the storage location "media" does not exist/;
      await expect(driver.write('a.txt', Readable.from([Buffer.from('a')]))).rejects.toThrow(clear);
      await expect(driver.read('a.txt')).rejects.toThrow(clear);
      await expect(driver.stat('a.txt')).rejects.toThrow(clear);
      await expect(driver.delete('a.txt')).rejects.toThrow(clear);
      await expect(async () => {
        for await (const _ of driver.list('')) void _;
      }).rejects.toThrow(clear);
    });
  });

  it('loads the AWS SDK on the first operation, not when the storage is made', async () => {
    // A fresh process: this one has long loaded the SDK. Its CommonJS modules all land in require.cache.
    const script = `
      import { createRequire } from 'node:module';
      import { createStorage } from './src/engine/storage/create-storage.ts';
      const cache = createRequire(process.cwd() + '/').cache;
      const sdk = () => Object.keys(cache).some((file) => file.includes('/@aws-sdk/'));
      const storage = createStorage([${JSON.stringify(server.location())}]);
      const before = sdk();
      const missing = await storage.location('s3').stat('none.txt');
      console.log(JSON.stringify({ before, after: sdk(), missing }));
      await storage.close();
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    });
    expect(JSON.parse(stdout)).toEqual({ before: false, after: true, missing: null });
  });

  it('refuses to work after close', async () => {
    const driver = createS3Driver(server.location());
    await driver.stat('anything.txt');
    await driver.close?.();
    await expect(driver.stat('anything.txt')).rejects.toThrow(/closed/);
  });
});
