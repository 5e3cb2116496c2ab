import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './load-config.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'stratum-storage-config-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function problemsOf(env: Record<string, string>): string {
  try {
    loadConfig(env, { cwd: dir });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.join('\n');
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('storage locations and file limits', () => {
  it('defaults to one local location in uploads beside the SQLite file, no upload limit, every type', () => {
    const config = loadConfig({}, { cwd: dir });
    expect(config.files).toEqual({
      locations: [{ name: 'local', driver: 'local', root: join(dir, 'data', 'uploads') }],
      maxUploadSize: null,
      mimeTypeAllowList: ['*/*'],
      importIpAllowList: [],
    });
    expect(config.assets).toEqual({
      cacheTtl: 30 * 86_400_000,
      zipMaxSize: 2 * 1024 ** 3,
      transformMaxConcurrent: 2,
      transformMaxQueue: 32,
      transformImageMaxDimension: 6000,
      transformTimeout: 7500,
      transformMaxOperations: 5,
    });
  });

  it('puts the default folder beside a custom DB_FILENAME and resolves a relative ROOT against the working folder', () => {
    expect(loadConfig({ DB_FILENAME: 'db/x.db' }, { cwd: dir }).files.locations[0]).toMatchObject({ root: join(dir, 'db', 'uploads') });
    expect(loadConfig({ STORAGE_LOCAL_ROOT: 'media' }, { cwd: dir }).files.locations[0]).toMatchObject({ root: join(dir, 'media') });
  });

  it("reads an S3 location with Directus's names, its secret from *_FILE, and its defaults", () => {
    writeFileSync(join(dir, 's3-secret'), 'from-file\n');
    const config = loadConfig(
      {
        STORAGE_LOCATIONS: 'S3,local',
        STORAGE_S3_DRIVER: 's3',
        STORAGE_S3_KEY: 'AKIA',
        STORAGE_S3_SECRET_FILE: 's3-secret',
        STORAGE_S3_BUCKET: 'media',
        STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000',
        STORAGE_S3_FORCE_PATH_STYLE: 'true',
        STORAGE_S3_ROOT: '/site/uploads/',
        FILES_MAX_UPLOAD_SIZE: '20mb',
        FILES_MIME_TYPE_ALLOW_LIST: 'image/*,Application/PDF',
      },
      { cwd: dir },
    );
    expect(config.files.locations.map((l) => l.name)).toEqual(['s3', 'local']);
    expect(config.files.locations[0]).toEqual({
      name: 's3',
      driver: 's3',
      root: 'site/uploads',
      key: 'AKIA',
      secret: 'from-file',
      bucket: 'media',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      acl: null,
      serverSideEncryption: null,
    });
    expect(config.files.maxUploadSize).toBe(20 * 1024 * 1024);
    expect(config.files.mimeTypeAllowList).toEqual(['image/*', 'application/pdf']);
  });

  it('refuses locations that cannot work, listing each problem', () => {
    const text = problemsOf({
      STORAGE_LOCATIONS: 'local,cloud,bad-name,nodriver,local',
      STORAGE_LOCAL_BUCKET: 'x',
      STORAGE_CLOUD_DRIVER: 's3',
      STORAGE_CLOUD_REGOIN: 'eu',
      STORAGE_CLOUD_FORCE_PATH_STYLE: 'maybe',
      FILES_MAX_UPLOAD_SIZE: 'huge',
      ASSETS_TRANSFORM_MAX_CONCURRENT: '0',
    });
    expect(text).toContain('STORAGE_LOCAL_BUCKET does not apply to the local driver');
    expect(text).toContain('STORAGE_CLOUD_BUCKET is required for the s3 driver');
    expect(text).toContain('STORAGE_CLOUD_REGOIN is not a setting of storage locations');
    expect(text).toContain('STORAGE_CLOUD_FORCE_PATH_STYLE must be true or false');
    expect(text).toContain('"bad-name" must be letters and digits only');
    expect(text).toContain('STORAGE_NODRIVER_DRIVER is required');
    expect(text).toContain('"local" is listed twice');
    expect(text).toContain('FILES_MAX_UPLOAD_SIZE must be a size');
    expect(text).toContain('ASSETS_TRANSFORM_MAX_CONCURRENT must be at least 1');
    expect(problemsOf({ STORAGE_LOCATIONS: ' ' })).toContain('STORAGE_LOCATIONS must name at least one location');
  });
});
