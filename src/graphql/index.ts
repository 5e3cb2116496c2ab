export { createGraphqlRoutes } from './graphql.routes.js';
export { createSdlPrinter } from './create-sdl-printer.js';
export { createSchemaCache, type SchemaCache } from './schema/schema-cache.js';
export type { GraphqlContext, GraphqlDeps } from './graphql.types.js';
