export { createServerRoutes, type HealthReport, type ServerRoutesDeps } from './server.routes.js';
export { createSpecsRoutes, type GraphqlSdlScope, type SpecsRoutesDeps } from './specs/specs.routes.js';
export { generateOas, type GenerateOasInput } from './specs/generate-oas.js';
export type { OpenApiDocument } from './specs/oas.types.js';
