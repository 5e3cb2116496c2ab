import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { VarSpec } from './config-schema.js';
import { STORAGE_LOCATION_SCHEMA, type StorageVarSpec } from './storage-location-schema.js';
import { parseValue } from './parse-value.js';

export type StorageDriverName = 'local' | 's3';

/** One storage location of STORAGE_LOCATIONS, typed and checked (see STORAGE_LOCATION_SCHEMA). */
export type StorageLocationConfig =
  | { name: string; driver: 'local'; root: string }
  | {
      name: string;
      driver: 's3';
      /** Key prefix inside the bucket ('' for none, else ending without a slash). */
      root: string;
      key: string | null;
      secret: string | null;
      bucket: string;
      region: string;
      endpoint: string | null;
      forcePathStyle: boolean;
      acl: string | null;
      serverSideEncryption: string | null;
    };

const NAME = /^[a-z0-9]+$/;
const BY_KEY = new Map(STORAGE_LOCATION_SCHEMA.map((spec) => [spec.key, spec]));

/**
 * Reads and checks `STORAGE_<NAME>_*` for every name in STORAGE_LOCATIONS (lower-cased, as Directus keys them in
 * `service_files.storage`). A local location's ROOT is resolved against `cwd`; its default is `uploads` beside
 * the SQLite file. Problems are appended to `problems`.
 */
export function loadStorageLocations(
  env: Record<string, string | undefined>,
  names: readonly string[],
  dbFilename: string,
  cwd: string,
  problems: string[],
): StorageLocationConfig[] {
  const locations: StorageLocationConfig[] = [];
  if (names.length === 0) problems.push('STORAGE_LOCATIONS must name at least one location');
  const seen = new Set<string>();
  for (const rawName of names) {
    const name = rawName.toLowerCase();
    if (!NAME.test(name)) problems.push(`STORAGE_LOCATIONS: "${rawName}" must be letters and digits only`);
    else if (seen.has(name)) problems.push(`STORAGE_LOCATIONS: "${rawName}" is listed twice`);
    else {
      seen.add(name);
      const location = loadLocation(env, name, dbFilename, cwd, problems);
      if (location) locations.push(location);
    }
  }
  return locations;
}

function loadLocation(
  env: Record<string, string | undefined>,
  name: string,
  dbFilename: string,
  cwd: string,
  problems: string[],
): StorageLocationConfig | null {
  const prefix = `STORAGE_${name.toUpperCase()}_`;
  const values = new Map<string, unknown>();
  const before = problems.length;
  // The local location named "local" needs no variables at all: it is the default of a bare start.
  const driverText = env[`${prefix}DRIVER`] ?? (name === 'local' ? 'local' : '');
  const driverParsed = parseValue(specFor(prefix, BY_KEY.get('DRIVER')!), driverText);
  if (driverText === '' || 'error' in driverParsed) {
    problems.push(
      driverText === ''
        ? `${prefix}DRIVER is required for the storage location "${name}" (local or s3)`
        : (driverParsed as { error: string }).error,
    );
    return null;
  }
  const driver = driverParsed.value as StorageDriverName;
  for (const [variable, text] of Object.entries(env)) {
    if (!variable.startsWith(prefix) || text === undefined || variable.endsWith('_FILE')) continue;
    const key = variable.slice(prefix.length);
    const spec = BY_KEY.get(key);
    if (!spec) problems.push(`${prefix}${key} is not a setting of storage locations`);
    else if (!spec.drivers.includes(driver)) problems.push(`${prefix}${key} does not apply to the ${driver} driver`);
    else {
      const parsed = parseValue(specFor(prefix, spec), text);
      if ('error' in parsed) problems.push(parsed.error);
      else values.set(key, parsed.value);
    }
  }
  for (const spec of STORAGE_LOCATION_SCHEMA) {
    if (!spec.drivers.includes(driver)) continue;
    const present = values.get(spec.key);
    if (spec.required === true && spec.key !== 'DRIVER' && (present === undefined || present === null || present === ''))
      problems.push(`${prefix}${spec.key} is required for the ${driver} driver`);
    else if ((present === undefined || present === null) && spec.default !== undefined) {
      const parsed = parseValue(specFor(prefix, spec), spec.default);
      if (!('error' in parsed)) values.set(spec.key, parsed.value);
    }
  }
  if (problems.length > before) return null;
  const text = (key: string): string | null => {
    const v = values.get(key);
    return typeof v === 'string' && v !== '' ? v : null;
  };
  if (driver === 'local') {
    const root = text('ROOT');
    return { name, driver, root: root === null ? defaultLocalRoot(dbFilename, cwd) : isAbsolute(root) ? root : resolve(cwd, root) };
  }
  return {
    name,
    driver,
    root: (text('ROOT') ?? '').replace(/^\/+|\/+$/g, ''),
    key: text('KEY'),
    secret: text('SECRET'),
    bucket: text('BUCKET')!,
    region: text('REGION') ?? 'us-east-1',
    endpoint: text('ENDPOINT'),
    forcePathStyle: values.get('FORCE_PATH_STYLE') === true,
    acl: text('ACL'),
    serverSideEncryption: text('SERVER_SIDE_ENCRYPTION'),
  };
}

/** `uploads` in the folder of the SQLite file (`./data/uploads` by default), whatever the database vendor. */
function defaultLocalRoot(dbFilename: string, cwd: string): string {
  const file = dbFilename === ':memory:' || dbFilename === '' ? join(cwd, 'data', 'data.db') : resolve(cwd, dbFilename);
  return join(dirname(file), 'uploads');
}

function specFor(prefix: string, spec: StorageVarSpec): VarSpec {
  return { ...spec, name: `${prefix}${spec.key}` };
}
