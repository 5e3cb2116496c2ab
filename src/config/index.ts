export * from './load-config.js';
export type { AuthProviderConfig, SsoDriver } from './load-auth-providers.js';
export { AUTH_PROVIDER_SCHEMA, CONFIG_SCHEMA, type ProviderVarSpec, type VarSpec } from './config-schema.js';
export { parseDuration, parseSize } from './parse-value.js';
