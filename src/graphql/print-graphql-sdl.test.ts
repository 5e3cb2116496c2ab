import { GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { Context } from '../engine/context.js';
import type { GraphqlDeps } from './graphql.types.js';
import { createSdlPrinter } from './create-sdl-printer.js';
import { printGraphqlSdl } from './print-graphql-sdl.js';
import { createSchemaCache } from './schema/schema-cache.js';

const ctx = {
  schema: { collections: {}, relations: [] },
  permissions: { admin: false, rules: [], index: new Map() },
} as unknown as Context;
const cached = new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: { cached_field: { type: GraphQLString } } }) });

describe('printGraphqlSdl', () => {
  it('prints the schema the cache holds for the caller, without building another', () => {
    const cache = createSchemaCache();
    cache.get(ctx.schema, ctx.permissions, 'items', () => cached);
    const sdl = printGraphqlSdl({} as GraphqlDeps, cache, ctx, 'items');
    expect(sdl).toContain('cached_field: String');
  });

  it('builds and caches the schema when the cache has none (the GraphQL routes then reuse it)', async () => {
    const cache = createSchemaCache();
    const print = createSdlPrinter(
      { items: {}, auth: {}, passwords: {}, tfa: {}, config: {}, cacheSync: {} } as unknown as GraphqlDeps,
      cache,
    );
    const sdl = await print(ctx, 'system');
    expect(sdl).toContain('server_ping');
    let built = false;
    cache.get(ctx.schema, ctx.permissions, 'system', () => {
      built = true;
      return cached;
    });
    expect(built).toBe(false);
  });
});
