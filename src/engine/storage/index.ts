export { createStorage, type Storage } from './create-storage.js';
export { assertSafeObjectPath, StorageNotFoundError, type ByteRange, type StorageDriver, type StoredObjectStat } from './storage-driver.js';
