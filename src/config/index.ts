export * from './load-config.js';
export { CONFIG_SCHEMA, type VarSpec } from './config-schema.js';
export { parseDuration, parseSize } from './parse-value.js';
