export { generateOas, type GenerateOasInput } from './specs/generate-oas.js';
export { listCaches } from './list-caches.js';
export type { OpenApiDocument } from './specs/oas.types.js';
export { graphqlSdlFilename } from './specs/graphql-sdl-filename.js';
export { checkHealth, type HealthChecks, type HealthReport } from './check-health.js';
export { serverInfo, type ServerFacts } from './server-info.js';
