import type { StorageLocationConfig } from '../../config/index.js';
import { createLocalDriver } from './create-local-driver.js';
import type { StorageDriver } from './storage-driver.js';

/** Every configured storage location by name; uploads go to `defaultLocation` (the first of STORAGE_LOCATIONS). */
export type Storage = {
  location(name: string): StorageDriver;
  has(name: string): boolean;
  readonly defaultLocation: string;
  readonly names: readonly string[];
  close(): Promise<void>;
};

/** The drivers of STORAGE_LOCATIONS. */
export function createStorage(locations: readonly StorageLocationConfig[]): Storage {
  const drivers = new Map<string, StorageDriver>();
  for (const location of locations) {
    if (location.driver !== 'local') throw new Error(`Storage location "${location.name}": the ${location.driver} driver is not available`);
    drivers.set(location.name, createLocalDriver(location.root));
  }
  return {
    location(name: string): StorageDriver {
      const driver = drivers.get(name);
      if (!driver) throw new Error(`No storage location "${name}" is configured (STORAGE_LOCATIONS)`);
      return driver;
    },
    has: (name) => drivers.has(name),
    defaultLocation: locations[0]!.name,
    names: [...drivers.keys()],
    async close() {
      await Promise.all([...drivers.values()].map((driver) => driver.close?.()));
    },
  };
}
