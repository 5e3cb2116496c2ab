export { createGraphqlRoutes } from './graphql.routes.js';
export type { GraphqlContext, GraphqlDeps } from './graphql.types.js';
