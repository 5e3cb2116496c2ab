import { getArgumentValues, isLeafType, isListType, isNonNullType, isObjectType, type FieldNode, type GraphQLOutputType } from 'graphql';
import { collectResponseFields, type ExecutionEnv } from './collect-response-fields.js';
import { isPromiseLike } from './is-promise-like.js';

/** Thrown by a completion for a value it does not complete as graphql-js would without an error. */
export const NOT_PLAIN: unique symbol = Symbol('not plain');

/** A resolved value to its completed answer (graphql-js's `completeValue` for one selection); may throw. */
export type Completion = (value: unknown) => unknown;

/**
 * A completion with its shape: the response keys and field names it collects, nested as collected (`{id,t:title,
 * author{name}}`; leaves and list or non-null wrappers add nothing). With the schema and the field's type, the shape
 * names everything the completion depends on besides the value, whatever document, fragments, directives or
 * variables it came from: equal shapes of the same field of the same schema complete a value alike (decision 0178).
 */
export type CompiledCompletion = { complete: Completion; shape: string };

/**
 * The completion of the values of one field (`type`, selected by `nodes`) as graphql-js's `completeValue` would
 * produce them when no error occurs: leaves through the type's own `serialize`, lists item by item, objects
 * with the collected fields in their order, `__typename` as the type's name, each field read from its source
 * object as the default resolver reads it. Null when the selection needs graphql-js: a field with a resolver, a
 * union or interface, `isTypeOf`, arguments that do not coerce, a `__proto__` alias. A completion throws (and the
 * caller hands the operation to graphql-js) on anything graphql-js would report or wait for: null for a non-null
 * type, an Error value, a list that is not an array, a function or a promise where a value is expected, a leaf
 * that does not serialize.
 */
export function compileCompletion(env: ExecutionEnv, type: GraphQLOutputType, nodes: readonly FieldNode[]): CompiledCompletion | null {
  if (isNonNullType(type)) {
    const inner = compileCompletion(env, type.ofType, nodes);
    if (!inner) return null;
    const complete = inner.complete;
    return {
      complete: (value) => {
        const completed = complete(value);
        if (completed === null) throw NOT_PLAIN;
        return completed;
      },
      shape: inner.shape,
    };
  }
  if (isListType(type)) {
    const compiled = compileCompletion(env, type.ofType, nodes);
    if (!compiled) return null;
    const item = compiled.complete;
    const complete: Completion = (value) => {
      if (value === null || value === undefined) return null;
      if (!Array.isArray(value)) throw NOT_PLAIN;
      const out = new Array<unknown>(value.length);
      for (let i = 0; i < value.length; i++) out[i] = item(valueOrThrow(value[i]));
      return out;
    };
    return { complete, shape: compiled.shape };
  }
  if (isLeafType(type)) {
    const complete: Completion = (value) => {
      if (value === null || value === undefined) return null;
      if (value instanceof Error) throw NOT_PLAIN;
      const serialized = type.serialize(value);
      if (serialized === null || serialized === undefined) throw NOT_PLAIN;
      return serialized;
    };
    return { complete, shape: '' };
  }
  if (!isObjectType(type) || type.isTypeOf) return null;

  const keys: string[] = [];
  const names: string[] = [];
  const completions: (Completion | null)[] = [];
  // Response keys and field names are GraphQL names (letters, digits, `_`), so the punctuation cannot be confused.
  const shapes: string[] = [];
  const definitions = type.getFields();
  for (const [key, fieldNodes] of collectResponseFields(
    env,
    type,
    nodes.map((node) => node.selectionSet),
  )) {
    if (key === '__proto__') return null;
    const name = fieldNodes[0]!.name.value;
    if (name === '__typename') {
      keys.push(key);
      names.push(name);
      completions.push(null);
      shapes.push(key === name ? name : `${key}:${name}`);
      continue;
    }
    const definition = definitions[name];
    // graphql-js leaves out a field its type does not have (validation refuses such documents first).
    if (!definition) continue;
    if (definition.resolve) return null;
    if (definition.args.length > 0) {
      try {
        getArgumentValues(definition, fieldNodes[0]!, env.variables);
      } catch {
        return null;
      }
    }
    const compiled = compileCompletion(env, definition.type, fieldNodes);
    if (!compiled) return null;
    keys.push(key);
    names.push(name);
    completions.push(compiled.complete);
    shapes.push(`${key === name ? name : `${key}:${name}`}${compiled.shape}`);
  }
  const typeName = type.name;
  const count = keys.length;
  const complete: Completion = (value) => {
    if (value === null || value === undefined) return null;
    if (typeof value !== 'object' || value instanceof Error) throw NOT_PLAIN;
    const source = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < count; i++) {
      const completion = completions[i];
      out[keys[i]!] = completion ? completion(valueOrThrow(source[names[i]!])) : typeName;
    }
    return out;
  };
  return { complete, shape: `{${shapes.join(',')}}` };
}

/** A field's or list item's value as it is; graphql-js would call a function or wait for a promise: throws. */
function valueOrThrow(value: unknown): unknown {
  if (typeof value === 'function' || isPromiseLike(value)) throw NOT_PLAIN;
  return value;
}
