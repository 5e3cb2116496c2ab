export { createAssetsService, type Asset, type AssetsService } from './create-assets-service.js';
export { createTransformQueue, type TransformQueue } from './transform-queue.js';
export { assetHeaders } from './asset-headers.js';
export { parseRange } from './parse-range.js';
export { zipFiles, ZIP_MAX_FILES, type FilesZip } from './zip-files.js';
