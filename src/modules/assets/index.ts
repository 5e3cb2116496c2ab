export { createAssetsService, type Asset, type AssetsService } from './create-assets-service.js';
export { createTransformQueue, type TransformQueue } from './transform-queue.js';
