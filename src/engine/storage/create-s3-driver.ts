import type { Readable } from 'node:stream';
// Types only: these imports vanish from the compiled module, so loading this file loads no part of the AWS SDK.
import type { ObjectCannedACL, S3Client, S3ClientConfig, ServerSideEncryption } from '@aws-sdk/client-s3';
import type { StorageLocationConfig } from '../../config/index.js';
import { assertSafeObjectPath, StorageNotFoundError, type ByteRange, type StorageDriver, type StoredObjectStat } from './storage-driver.js';

export type S3LocationConfig = Extract<StorageLocationConfig, { driver: 's3' }>;

type ClientModule = typeof import('@aws-sdk/client-s3');
type Loaded = { sdk: ClientModule; client: S3Client };

/**
 * Bytes of one part of a multipart upload, and how many parts are in flight at once. A write holds at most
 * about (QUEUE_SIZE + 1) × PART_SIZE in memory, whatever the size of the file (24 MiB); S3 allows 10,000 parts,
 * so one object can reach 78 GiB. A stream shorter than one part is sent as a single PutObject.
 */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * The driver for an S3-compatible bucket (AWS S3, MinIO, R2, …) through the AWS SDK v3. Objects are keyed
 * `root/path` (just `path` without a root).
 *
 * The SDK is imported on the first call that needs it, not when the driver is made: a process whose storage
 * locations are all local never loads it, and one with an S3 location pays for it on its first file operation.
 * `tuning.listPageSize` (S3's MaxKeys, 1,000 by default) exists for tests of the paging.
 */
export function createS3Driver(config: S3LocationConfig, tuning: { listPageSize?: number } = {}): StorageDriver {
  const base = config.root === '' ? '' : `${config.root}/`;
  const keyOf = (path: string): string => {
    assertSafeObjectPath(path);
    return base + path;
  };

  let loading: Promise<Loaded> | null = null;
  let closed = false;
  /** Set once the bucket is known to exist, so a 404 from HeadObject can only mean a missing object. */
  let bucketSeen = false;

  const load = (): Promise<Loaded> => {
    if (closed) return Promise.reject(new Error(`The storage location "${config.name}" is closed`));
    loading ??= import('@aws-sdk/client-s3').then((sdk) => ({ sdk, client: new sdk.S3Client(clientOptions(config)) }));
    return loading;
  };

  /** Rewrites a missing-bucket failure into an error that names the bucket and the location. */
  const explain = (error: unknown): unknown => (errorName(error) === 'NoSuchBucket' ? missingBucket(config, error) : error);

  return {
    async read(path: string, range?: ByteRange): Promise<Readable> {
      const Key = keyOf(path);
      const { sdk, client } = await load();
      try {
        const result = await client.send(
          new sdk.GetObjectCommand({ Bucket: config.bucket, Key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        bucketSeen = true;
        return result.Body as Readable;
      } catch (error) {
        // S3 says NoSuchKey; a 404 by any other name (but a missing bucket) means the same on other implementations.
        if (errorName(error) === 'NoSuchKey' || (httpStatus(error) === 404 && errorName(error) !== 'NoSuchBucket'))
          throw new StorageNotFoundError(path);
        throw explain(error);
      }
    },

    async write(path: string, content: Readable, contentType?: string): Promise<void> {
      const Key = keyOf(path);
      try {
        const [{ client }, { Upload }] = await Promise.all([load(), import('@aws-sdk/lib-storage')]);
        const upload = new Upload({
          client,
          partSize: PART_SIZE,
          queueSize: QUEUE_SIZE,
          // On any failure (the source stream's too) the multipart upload is aborted, so no parts are left billed;
          // the object itself only ever appears at PutObject or CompleteMultipartUpload, both atomic in S3.
          leavePartsOnError: false,
          params: {
            Bucket: config.bucket,
            Key,
            Body: content,
            ContentType: contentType,
            ...(config.acl !== null && { ACL: config.acl as ObjectCannedACL }),
            ...(config.serverSideEncryption !== null && { ServerSideEncryption: config.serverSideEncryption as ServerSideEncryption }),
          },
        });
        await upload.done();
        bucketSeen = true;
      } catch (error) {
        // When the source failed, that is the error to report, even if aborting the upload failed after it.
        const sourceError = content.errored;
        content.destroy();
        if (sourceError && sourceError !== error) throw Object.assign(sourceError, { cause: sourceError.cause ?? error });
        throw explain(error);
      }
    },

    async stat(path: string): Promise<StoredObjectStat | null> {
      const Key = keyOf(path);
      const { sdk, client } = await load();
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket: config.bucket, Key }));
        bucketSeen = true;
        return { size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (httpStatus(error) !== 404) throw explain(error);
        // A HEAD answer has no body, so a missing bucket and a missing object look alike: ask about the bucket
        // once (403 means it exists but listing it is not allowed, which is fine for a file store).
        if (!bucketSeen) {
          try {
            await client.send(new sdk.HeadBucketCommand({ Bucket: config.bucket }));
          } catch (bucketError) {
            if (httpStatus(bucketError) === 404) throw missingBucket(config, bucketError);
          }
          bucketSeen = true;
        }
        return null;
      }
    },

    async delete(path: string): Promise<void> {
      const Key = keyOf(path);
      const { sdk, client } = await load();
      try {
        // S3 answers 204 whether or not the key existed.
        await client.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key }));
      } catch (error) {
        if (httpStatus(error) === 404 && errorName(error) !== 'NoSuchBucket') return;
        throw explain(error);
      }
    },

    async *list(prefix: string): AsyncIterable<string> {
      const cut = prefix.lastIndexOf('/');
      if (cut !== -1) assertSafeObjectPath(prefix.slice(0, cut));
      const { sdk, client } = await load();
      let ContinuationToken: string | undefined;
      do {
        let page;
        try {
          page = await client.send(
            new sdk.ListObjectsV2Command({ Bucket: config.bucket, Prefix: base + prefix, ContinuationToken, MaxKeys: tuning.listPageSize }),
          );
        } catch (error) {
          throw explain(error);
        }
        for (const object of page.Contents ?? []) {
          const key = object.Key;
          // Keys ending in a slash are "folder" markers that consoles and other tools create; they hold no file.
          if (key === undefined || !key.startsWith(base) || key.endsWith('/')) continue;
          yield key.slice(base.length);
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken !== undefined);
    },

    async close(): Promise<void> {
      closed = true;
      const started = loading;
      loading = null;
      if (started) (await started.catch(() => null))?.client.destroy();
    },
  };
}

function clientOptions(config: S3LocationConfig): S3ClientConfig {
  return {
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // Without a key pair the SDK's default chain applies (AWS_* variables, a profile, an instance or task role).
    ...(config.key !== null && config.secret !== null && { credentials: { accessKeyId: config.key, secretAccessKey: config.secret } }),
    ...(config.endpoint !== null && {
      // The SDK needs a URL; an endpoint given as a bare host name (`s3.example.com`) means HTTPS.
      endpoint: config.endpoint.includes('://') ? config.endpoint : `https://${config.endpoint}`,
      // Other S3 implementations do not all know the CRC checksums that the SDK adds to every upload by default
      // (some reject them, some store the checksum framing as data): with a custom endpoint, send checksums
      // only where the S3 API requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  };
}

function missingBucket(config: S3LocationConfig, cause: unknown): Error {
  const where = config.endpoint ?? `AWS S3 (${config.region})`;
  return new Error(
    `The bucket "${config.bucket}" of the storage location "${config.name}" does not exist at ${where} (STORAGE_${config.name.toUpperCase()}_BUCKET)`,
    { cause },
  );
}

function errorName(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string' ? error.name : undefined;
}

function httpStatus(error: unknown): number | undefined {
  const metadata = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata;
  return metadata?.httpStatusCode;
}
