import { GraphQLObjectType, GraphQLString, type GraphQLFieldConfigMap } from 'graphql';
import { checkHealth, serverInfo } from '../../modules/server/index.js';
import type { GraphqlContext, GraphqlDeps } from '../graphql.types.js';
import { GraphQLJSON } from '../schema/scalars.js';

type Fields = GraphQLFieldConfigMap<unknown, GraphqlContext>;

const serverInfoType = () =>
  new GraphQLObjectType({
    name: 'server_info',
    fields: {
      project: {
        type: new GraphQLObjectType({ name: 'server_info_project', fields: { project_name: { type: GraphQLString } } }),
      },
      version: { type: GraphQLString },
      vendor: { type: GraphQLString },
    },
  });

/**
 * `server_info` (as `GET /server/info`: the project's name, and the version and vendor for administrators) and
 * `server_health` (as `GET /server/health`: `{status, checks}`, the draining state included), for everyone, as
 * on REST; the same functions answer both.
 */
export function serverQueryFields(deps: Pick<GraphqlDeps, 'server'>): Fields {
  return {
    server_info: {
      type: serverInfoType(),
      resolve: (_s, _a, { ctx }) => serverInfo(ctx.accountability, deps.server.facts),
    },
    server_health: {
      type: GraphQLJSON,
      resolve: (_s, _a, { request }) => checkHealth({ ...deps.server.health, isDraining: () => request.server.isDraining() }, request.log),
    },
  };
}
