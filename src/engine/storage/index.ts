export { createStorage, type Storage } from './create-storage.js';
export {
  assertSafeObjectPath,
  isSafeObjectPath,
  StorageNotFoundError,
  type ByteRange,
  type StorageDriver,
  type StoredObjectStat,
} from './storage-driver.js';
