import type { StorageLocationConfig } from '../../config/index.js';
import { createLocalDriver } from './create-local-driver.js';
import { createS3Driver } from './create-s3-driver.js';
import type { StorageDriver } from './storage-driver.js';

/** Every configured storage location (STORAGE_LOCATIONS), each with its driver. */
export type Storage = {
  /** The driver of the location called `name` (as `service_files.storage` names it). Throws for an unknown name. */
  location(name: string): StorageDriver;
  /** Where new files go unless told otherwise: the first of STORAGE_LOCATIONS. */
  defaultLocation: string;
  /** The names of every location, in the order of STORAGE_LOCATIONS. */
  names: readonly string[];
  /** Whether a location of that name is configured. */
  has(name: string): boolean;
  /** Closes every driver (the S3 clients' sockets). */
  close(): Promise<void>;
};

/** Raised by `Storage.location` for a name that STORAGE_LOCATIONS does not list (a file stored under a location since removed). */
export class UnknownStorageLocationError extends Error {
  constructor(
    readonly location: string,
    known: readonly string[],
  ) {
    super(`No storage location "${location}" is configured (STORAGE_LOCATIONS lists ${known.map((name) => `"${name}"`).join(', ')})`);
    this.name = 'UnknownStorageLocationError';
  }
}

/**
 * Makes the driver of every location. Making one costs nothing: an S3 driver loads the AWS SDK and connects only
 * when first used.
 */
export function createStorage(locations: readonly StorageLocationConfig[]): Storage {
  const first = locations[0];
  if (!first) throw new Error('STORAGE_LOCATIONS must name at least one storage location');
  const drivers = new Map<string, StorageDriver>();
  for (const location of locations) {
    if (drivers.has(location.name)) throw new Error(`The storage location "${location.name}" is configured twice`);
    drivers.set(location.name, location.driver === 's3' ? createS3Driver(location) : createLocalDriver(location.root));
  }
  const names = [...drivers.keys()];
  let closing: Promise<void> | null = null;

  return {
    defaultLocation: first.name,
    names,
    has: (name) => drivers.has(name),
    location(name: string): StorageDriver {
      const driver = drivers.get(name);
      if (!driver) throw new UnknownStorageLocationError(name, names);
      return driver;
    },
    close(): Promise<void> {
      closing ??= Promise.allSettled([...drivers.values()].map((driver) => driver.close?.())).then((results) => {
        const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
        if (failed) throw failed.reason;
      });
      return closing;
    },
  };
}
