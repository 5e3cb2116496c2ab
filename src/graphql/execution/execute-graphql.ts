import {
  execute,
  getArgumentValues,
  getOperationAST,
  getVariableValues,
  Kind,
  type ExecutionArgs,
  type ExecutionResult,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type OperationDefinitionNode,
  type GraphQLResolveInfo,
} from 'graphql';
import { keptRowsText } from '../../engine/query/execute/kept-results.js';
import type { GraphqlContext } from '../graphql.types.js';
import { collectResponseFields, type ExecutionEnv } from './collect-response-fields.js';
import { compileCompletion, type Completion } from './compile-completion.js';
import { isPromiseLike } from './is-promise-like.js';
import { SHAPED_ROOT } from './shaped-root-field.js';

/**
 * An answer without errors whose JSON text (`{"data":{…}}`) is made already, as JSON.stringify would make it from
 * the data, because a part of it was kept with the rows it was completed from (decision 0178): send it as it is.
 */
export type AnswerText = { text: string };

/** `shape`: the root field's name and its completion's shape (CompiledCompletion), the key of a kept text. */
type RootEntry = { key: string; field: GraphQLField<unknown, unknown>; nodes: FieldNode[]; complete: Completion; shape: string };
type PlainRoots = ExecutionEnv & { entries: RootEntry[]; operation: OperationDefinitionNode; queryType: GraphQLObjectType };

/**
 * Executes an operation as graphql-js's `execute` does, with the same answer byte for byte, but without its
 * walk of every field of every row where nothing is left to resolve: a query whose root fields are all
 * shapedRootField reads, each with a selection of plain fields (no resolvers, no abstract types), has its rows
 * completed by a function compiled from the selection for this request (compileCompletion), which calls the
 * same `serialize` of every leaf. Anything else — mutations, subscriptions, introspection, unions, `_func`
 * fields, wrong variables — and any error at all (a resolver's, a null for a non-null field, a scalar that cannot
 * serialize) goes to graphql-js's `execute`, which then answers with the root resolvers' first results
 * (GraphqlContext.resolvedRoots): errors, paths and partial data are graphql-js's own (decision 0058).
 * A root whose rows are a kept result's (decision 0033) is completed and written as JSON once per schema and
 * shape, and kept with those rows (keptRowsText); then the whole answer comes back as its text (decision 0178).
 */
export async function executeGraphql(args: ExecutionArgs & { contextValue: GraphqlContext }): Promise<ExecutionResult | AnswerText> {
  const roots = plainRoots(args);
  if (!roots) return execute(args);
  const { schema, rootValue, contextValue } = args;
  const { operation, queryType, fragments, variables } = roots;

  // Like graphql-js: every root resolver is called in document order, then all are awaited.
  const outcomes = new Map<string, () => unknown>();
  const pending: Promise<unknown>[] = [];
  for (const { key, field, nodes } of roots.entries) {
    const info: GraphQLResolveInfo = {
      fieldName: field.name,
      fieldNodes: nodes,
      returnType: field.type,
      parentType: queryType,
      path: { prev: undefined, key, typename: queryType.name },
      schema,
      fragments,
      rootValue,
      operation,
      variableValues: variables,
    };
    let result: unknown;
    try {
      result = field.resolve!(rootValue, getArgumentValues(field, nodes[0]!, variables), contextValue, info);
    } catch (error) {
      outcomes.set(key, () => {
        throw error;
      });
      continue;
    }
    outcomes.set(key, () => result);
    if (isPromiseLike(result)) pending.push(Promise.resolve(result));
  }
  const settled = await Promise.allSettled(pending);
  const data: Record<string, unknown> = {};
  let plain = settled.every((s) => s.status === 'fulfilled');
  if (plain) {
    try {
      const texts: (string | undefined)[] = [];
      for (const { key, complete, shape } of roots.entries) {
        const outcome = outcomes.get(key)!();
        const value = isPromiseLike(outcome) ? await outcome : outcome;
        // The schema and the shape name all that the completion depends on besides the rows (CompiledCompletion).
        const text = keptRowsText(value, schema, shape, () => JSON.stringify(complete(value)));
        if (text === undefined) data[key] = complete(value);
        texts.push(text);
      }
      if (texts.some((text) => text !== undefined)) {
        const parts = roots.entries.map(({ key }, i) => `${JSON.stringify(key)}:${texts[i] ?? JSON.stringify(data[key])}`);
        return { text: `{"data":{${parts.join(',')}}}` };
      }
    } catch {
      // NOT_PLAIN, or a leaf's serialize refusing a value: graphql-js reports it where it occurred.
      plain = false;
    }
  }
  if (plain) return { data };
  return execute({ ...args, contextValue: { ...contextValue, resolvedRoots: outcomes } });
}

/**
 * The root fields of a query whose answer can be completed without graphql-js (see executeGraphql), with their
 * completions; null when any part of the operation needs graphql-js.
 */
function plainRoots(args: ExecutionArgs): PlainRoots | null {
  const { schema, document } = args;
  const operation = getOperationAST(document, args.operationName);
  const queryType = schema.getQueryType();
  if (!operation || operation.operation !== 'query' || !queryType) return null;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], args.variableValues ?? {}, { maxErrors: 50 });
  if (coerced.errors) return null;
  const variables = coerced.coerced;
  const env = { schema, fragments: fragmentsOf(document.definitions), variables };
  const entries: RootEntry[] = [];
  for (const [key, nodes] of collectResponseFields(env, queryType, [operation.selectionSet])) {
    const field = queryType.getFields()[nodes[0]!.name.value];
    // `data` is a plain object: a `__proto__` alias would set its prototype instead of a key.
    if (key === '__proto__' || !field || !field.extensions[SHAPED_ROOT] || !field.resolve) return null;
    const compiled = compileCompletion(env, field.type, nodes);
    if (!compiled) return null;
    try {
      getArgumentValues(field, nodes[0]!, variables);
    } catch {
      return null;
    }
    entries.push({ key, field, nodes, complete: compiled.complete, shape: `${field.name}${compiled.shape}` });
  }
  return entries.length > 0 ? { ...env, entries, operation, queryType } : null;
}

function fragmentsOf(definitions: ExecutionArgs['document']['definitions']): Record<string, FragmentDefinitionNode> {
  const fragments: Record<string, FragmentDefinitionNode> = Object.create(null) as Record<string, FragmentDefinitionNode>;
  for (const definition of definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  return fragments;
}
