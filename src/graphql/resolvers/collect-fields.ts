import {
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  getDirectiveValues,
  type FieldNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  type InlineFragmentNode,
  type SelectionSetNode,
} from 'graphql';

export type SelectionEnv = {
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
};

/**
 * The field nodes of selection sets, grouped by field name (not response key, so aliases of one field are
 * read once), through fragments and inline fragments and honouring `@skip`/`@include`.
 */
export function collectFieldsByName(env: SelectionEnv, sets: readonly (SelectionSetNode | undefined)[]): Map<string, FieldNode[]> {
  const result = new Map<string, FieldNode[]>();
  const visited = new Set<string>();
  const visit = (set: SelectionSetNode | undefined) => {
    if (!set) return;
    for (const selection of set.selections) {
      if (!included(env, selection)) continue;
      switch (selection.kind) {
        case Kind.FIELD: {
          const name = selection.name.value;
          const list = result.get(name) ?? [];
          list.push(selection);
          result.set(name, list);
          break;
        }
        case Kind.INLINE_FRAGMENT:
          visit(selection.selectionSet);
          break;
        case Kind.FRAGMENT_SPREAD: {
          const name = selection.name.value;
          if (visited.has(name)) break;
          visited.add(name);
          visit(env.fragments[name]?.selectionSet);
          break;
        }
      }
    }
  };
  for (const set of sets) visit(set);
  return result;
}

function included(env: SelectionEnv, node: FieldNode | InlineFragmentNode | FragmentSpreadNode): boolean {
  const skip = getDirectiveValues(GraphQLSkipDirective, node, env.variables);
  if (skip?.if === true) return false;
  const include = getDirectiveValues(GraphQLIncludeDirective, node, env.variables);
  return include?.if !== false;
}
