export * from './load-config.js';
export type { AuthProviderConfig, SsoDriver } from './load-auth-providers.js';
export { CONFIG_SCHEMA, type VarSpec } from './config-schema.js';
export { AUTH_PROVIDER_SCHEMA, type ProviderVarSpec } from './auth-provider-schema.js';
export { STORAGE_LOCATION_SCHEMA, type StorageVarSpec } from './storage-location-schema.js';
export type { StorageDriverName, StorageLocationConfig } from './load-storage-locations.js';
export { parseDuration, parseSize } from './parse-value.js';
export { v8Flags } from './v8-flags.js';
