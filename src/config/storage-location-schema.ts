import type { VarSpec } from './config-schema.js';

/** A per-location setting: `STORAGE_<NAME>_<key>`; `drivers` lists the drivers that read it. */
export type StorageVarSpec = Omit<VarSpec, 'name'> & { key: string; drivers: readonly ('local' | 's3')[]; required?: boolean };

/**
 * The settings of one storage location named in STORAGE_LOCATIONS, read as `STORAGE_<NAME>_<KEY>` (Directus's
 * names). As with providers, unknown keys, keys of the other driver and missing required keys stop the start.
 */
export const STORAGE_LOCATION_SCHEMA: readonly StorageVarSpec[] = [
  {
    key: 'DRIVER',
    type: 'enum',
    values: ['local', 's3'],
    drivers: ['local', 's3'],
    required: true,
    description: '`local` (a folder on this machine) or `s3` (an S3-compatible bucket).',
  },
  {
    key: 'ROOT',
    type: 'string',
    drivers: ['local', 's3'],
    description:
      'local: the folder (default `uploads` beside the SQLite file, `./data/uploads`); s3: a key prefix inside the bucket (default none).',
  },
  { key: 'KEY', type: 'string', drivers: ['s3'], description: "Access key id (default: the AWS SDK's own credential chain)." },
  { key: 'SECRET', type: 'string', drivers: ['s3'], secret: true, description: 'Secret access key.' },
  { key: 'BUCKET', type: 'string', drivers: ['s3'], required: true, description: 'Bucket name.' },
  { key: 'REGION', type: 'string', default: 'us-east-1', drivers: ['s3'], description: 'Region.' },
  { key: 'ENDPOINT', type: 'url', drivers: ['s3'], description: 'Endpoint of an S3-compatible service (MinIO, Garage, R2…); default AWS.' },
  {
    key: 'FORCE_PATH_STYLE',
    type: 'boolean',
    default: 'false',
    drivers: ['s3'],
    description: 'Address the bucket in the path (`host/bucket/key`), as most S3-compatible servers need.',
  },
  { key: 'ACL', type: 'string', drivers: ['s3'], description: "Canned ACL of new objects (e.g. `private`); default the bucket's." },
  {
    key: 'SERVER_SIDE_ENCRYPTION',
    type: 'string',
    drivers: ['s3'],
    description: 'Server-side encryption of new objects (`AES256`, `aws:kms`).',
  },
];
