export * from './load-config.js';
export type { AuthProviderConfig, SsoDriver } from './load-auth-providers.js';
export { AUTH_PROVIDER_SCHEMA, CONFIG_SCHEMA, STORAGE_LOCATION_SCHEMA, type ProviderVarSpec, type StorageVarSpec, type VarSpec } from './config-schema.js';
export type { StorageDriverName, StorageLocationConfig } from './load-storage-locations.js';
export { parseDuration, parseSize } from './parse-value.js';
