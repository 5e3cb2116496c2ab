export * from './cache-registry.types.js';
export * from './create-cache-registry.js';
