import { GraphQLEnumType, GraphQLID, GraphQLNonNull, GraphQLObjectType, type GraphQLFieldConfigMap } from 'graphql';
import { invalidCollection } from '../../kernel/errors/index.js';
import type { SubscriptionEvent } from '../../modules/realtime/index.js';
import type { GraphqlContext } from '../graphql.types.js';
import { nestedQueryOf } from '../resolvers/selection-to-query.js';
import type { ExposedCollection } from '../schema/exposed-collections.js';
import type { TypeRegistry } from '../schema/type-registry.js';
import { createEventStream } from './event-stream.js';

type Fields = GraphQLFieldConfigMap<unknown, GraphqlContext>;

/** One event of `<collection>_mutated`: the written item's key, the kind of write, the item as the subscriber reads it. */
export type MutationEvent = { key: string | number; event: SubscriptionEvent; data: unknown };

const EVENT_ENUM = new GraphQLEnumType({
  name: 'EventEnum',
  values: { create: { value: 'create' }, update: { value: 'update' }, delete: { value: 'delete' } },
});

/**
 * `<collection>_mutated(event: EventEnum)` of one readable collection (Directus's shape): `{ key, event, data }`
 * per written item, `data` read for THIS subscriber through the realtime service (their permissions now, the
 * fields of their `data { … }` selection); a delete has `data: null`.
 */
export function collectionSubscriptionFields(registry: TypeRegistry, exposed: ExposedCollection): Fields {
  const { collection, rootName } = exposed;
  const type = registry.objectType(collection);
  if (!rootName || !type || exposed.singleton) return {};
  const primary = registry.overview(collection).primary;
  const eventType = new GraphQLObjectType<MutationEvent>({
    name: `${exposed.typeName}_mutated`,
    fields: { key: { type: new GraphQLNonNull(GraphQLID) }, event: { type: EVENT_ENUM }, data: { type } },
  });
  return {
    [`${rootName}_mutated`]: {
      type: eventType,
      args: { event: { type: EVENT_ENUM } },
      resolve: (event: unknown) => event,
      subscribe: async (_source, args: { event?: SubscriptionEvent | null }, { ctx, live }, info) => {
        if (!live) throw invalidCollection();
        const query = nestedQueryOf(ctx, info, 'data', primary);
        let stop: () => void = () => undefined;
        const stream = createEventStream<MutationEvent>(() => stop());
        stop = await live.realtime.watch(live.connection, { collection, event: args.event ?? undefined, query }, (action, data, bytes) => {
          const list = data as unknown[];
          // The event's size shared among its items: what the socket holds unsent is bounded (WEBSOCKETS_MAX_BUFFERED_SIZE).
          const each = Math.ceil(bytes / Math.max(1, list.length));
          let held = 0;
          if (action === 'delete') {
            for (const key of list as (string | number)[]) held = stream.push({ key, event: action, data: null }, each);
            return held;
          }
          for (const row of list as Record<string, unknown>[])
            held = stream.push({ key: row[primary] as string | number, event: action, data: row }, each);
          return held;
        });
        return stream;
      },
    },
  };
}
