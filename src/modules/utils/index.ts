export { clearCaches } from './clear-caches.js';
export { generateHash } from './generate-hash.js';
export { verifyHash } from './verify-hash.js';
export { randomString } from './random-string.js';
export { sortItems } from './sort-items.js';
export { revertRevision } from './revert-revision.js';
export { exportToFile } from './export-to-file.js';
export { importUpload } from './import/import-upload.js';
