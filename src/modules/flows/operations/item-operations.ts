import { clientLimits, parseQuery } from '../../../engine/query/parse/parse-query.js';
import { isPlainObject } from '../../../kernel/values/is-plain-object.js';
import { systemCollectionName } from '../../../kernel/system/system-collections.js';
import type { PrimaryKey } from '../../items/index.js';
import type { FlowDeps } from '../flow-deps.js';
import { OperationFailure } from '../operation-failure.js';
import type { Context } from '../../../engine/context.js';
import type { OperationType, RunScope } from '../flows.types.js';
import { operationContext, permissionsOptionProblem } from './operation-context.js';

type Options = Record<string, unknown>;

const keysOf = (key: unknown): PrimaryKey[] | null => {
  if (key === undefined || key === null || key === '') return null;
  const list = Array.isArray(key) ? key : [key];
  return list.filter((k): k is PrimaryKey => typeof k === 'string' || typeof k === 'number');
};

const queryOf = (options: Options) =>
  isPlainObject(options.query) ? options.query : typeof options.query === 'string' ? (JSON.parse(options.query) as unknown) : {};

/** What every item operation's options must be: a collection, known permissions, an object query if any. */
function validateItemOptions(options: Options): string | null {
  if (typeof options.collection !== 'string' || options.collection === '') return '"collection" is required';
  const permissions = permissionsOptionProblem(options.permissions);
  if (permissions) return permissions;
  if (options.query !== undefined && options.query !== null && !isPlainObject(options.query) && typeof options.query !== 'string') {
    return '"query" must be an object';
  }
  if (options.emitEvents !== undefined && options.emitEvents !== null && typeof options.emitEvents !== 'boolean') {
    return '"emitEvents" must be true or false';
  }
  return null;
}

/** A write operation's context: `emitEvents: false` writes without the write's filter and action events. */
async function writeContext(scope: RunScope, options: Options, deps: FlowDeps): Promise<Context> {
  const ctx = await operationContext(scope, options.permissions, deps);
  return options.emitEvents === false ? { ...ctx, emitEvents: false } : ctx;
}

/** An operation's `payload`: as given, or parsed when it is JSON text (a template renders to text). */
function payloadOf(options: Record<string, unknown>): unknown {
  if (typeof options.payload !== 'string') return options.payload;
  try {
    return JSON.parse(options.payload) as unknown;
  } catch {
    throw new OperationFailure('The payload is not valid JSON');
  }
}

/** The operation's collection; Directus's names of system collections (`directus_users`) are understood as ours. */
const collectionOf = (options: Options): string => systemCollectionName(String(options.collection));

/**
 * `item-read`, `item-create`, `item-update`, `item-delete`: the items service in the context the `permissions`
 * option names (operation-context.ts), so every rule of that accountability applies. Reads answer the item (one
 * key), the items (keys or a query); writes answer the keys written, and with `emitEvents: false` emit no events.
 */
export function itemOperations(deps: FlowDeps): Record<string, OperationType> {
  const { items } = deps;
  return {
    'item-read': {
      validate: validateItemOptions,
      async run(options, scope) {
        const ctx = await operationContext(scope, options.permissions, deps);
        const collection = collectionOf(options);
        const query = parseQuery(queryOf(options) as Options, clientLimits(ctx.config.query));
        const keys = keysOf(options.key);
        if (keys && !Array.isArray(options.key)) return items.readOne(ctx, collection, keys[0]!, query);
        if (keys) return items.readMany(ctx, collection, keys, query);
        return (await items.readByQuery(ctx, collection, query)).data;
      },
    },
    'item-create': {
      validate: validateItemOptions,
      async run(options, scope) {
        const ctx = await writeContext(scope, options, deps);
        const collection = collectionOf(options);
        const payload = payloadOf(options);
        if (Array.isArray(payload)) return items.createMany(ctx, collection, payload);
        return [await items.createOne(ctx, collection, payload ?? {})];
      },
    },
    'item-update': {
      validate: validateItemOptions,
      async run(options, scope) {
        const ctx = await writeContext(scope, options, deps);
        const collection = collectionOf(options);
        const payload = payloadOf(options);
        const keys = keysOf(options.key);
        if (keys) return items.updateMany(ctx, collection, keys, payload ?? {});
        const query = parseQuery(queryOf(options) as Options, { limitDefault: -1, limitMax: null });
        return items.updateByQuery(ctx, collection, query, payload ?? {});
      },
    },
    'item-delete': {
      validate: validateItemOptions,
      async run(options, scope) {
        const ctx = await writeContext(scope, options, deps);
        const collection = collectionOf(options);
        const keys = keysOf(options.key);
        if (keys) {
          await items.deleteMany(ctx, collection, keys);
          return keys;
        }
        return items.deleteByQuery(ctx, collection, parseQuery(queryOf(options) as Options, { limitDefault: -1, limitMax: null }));
      },
    },
  };
}
