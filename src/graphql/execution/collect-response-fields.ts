import {
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isAbstractType,
  Kind,
  typeFromAST,
  type FieldNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type InlineFragmentNode,
  type SelectionSetNode,
} from 'graphql';

export type ExecutionEnv = {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  /** The operation's variables, coerced. */
  variables: Record<string, unknown>;
};

/**
 * The fields of selection sets on an object type, grouped by response key (alias or name) in the order of their
 * first appearance, through fragments whose type condition matches and honouring `@skip`/`@include`: the rules
 * of graphql-js's `collectFields`/`collectSubfields` (GraphQL spec, CollectFields()), for executeGraphql.
 */
export function collectResponseFields(
  env: ExecutionEnv,
  type: GraphQLObjectType,
  sets: readonly (SelectionSetNode | undefined)[],
): Map<string, FieldNode[]> {
  const fields = new Map<string, FieldNode[]>();
  const visited = new Set<string>();
  const visit = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      switch (selection.kind) {
        case Kind.FIELD: {
          if (!included(env, selection)) continue;
          const key = selection.alias ? selection.alias.value : selection.name.value;
          const list = fields.get(key);
          if (list) list.push(selection);
          else fields.set(key, [selection]);
          break;
        }
        case Kind.INLINE_FRAGMENT:
          if (!included(env, selection) || !conditionMatches(env, selection, type)) continue;
          visit(selection.selectionSet);
          break;
        case Kind.FRAGMENT_SPREAD: {
          const name = selection.name.value;
          if (visited.has(name) || !included(env, selection)) continue;
          visited.add(name);
          const fragment = env.fragments[name];
          if (!fragment || !conditionMatches(env, fragment, type)) continue;
          visit(fragment.selectionSet);
          break;
        }
      }
    }
  };
  for (const set of sets) if (set) visit(set);
  return fields;
}

function included(env: ExecutionEnv, node: FieldNode | InlineFragmentNode | FragmentSpreadNode): boolean {
  if (getDirectiveValues(GraphQLSkipDirective, node, env.variables)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, env.variables)?.if !== false;
}

function conditionMatches(env: ExecutionEnv, fragment: InlineFragmentNode | FragmentDefinitionNode, type: GraphQLObjectType): boolean {
  if (!fragment.typeCondition) return true;
  const condition = typeFromAST(env.schema, fragment.typeCondition);
  if (condition === type) return true;
  return isAbstractType(condition) && env.schema.isSubType(condition, type);
}
