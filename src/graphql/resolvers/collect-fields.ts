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
  return collectSelectedFields(
    env,
    sets,
    (field) => field.name.value,
    () => true,
  );
}

/**
 * The walk of GraphQL's CollectFields(): the field nodes of selection sets grouped by `keyOf` in the order of
 * their first appearance, through fragments whose type condition `matches` (each named fragment once), honouring
 * `@skip`/`@include`.
 */
export function collectSelectedFields(
  env: SelectionEnv,
  sets: readonly (SelectionSetNode | undefined)[],
  keyOf: (field: FieldNode) => string,
  matches: (fragment: InlineFragmentNode | FragmentDefinitionNode) => boolean,
): Map<string, FieldNode[]> {
  const result = new Map<string, FieldNode[]>();
  const visited = new Set<string>();
  const visit = (set: SelectionSetNode | undefined) => {
    if (!set) return;
    for (const selection of set.selections) {
      if (!included(env, selection)) continue;
      switch (selection.kind) {
        case Kind.FIELD: {
          const key = keyOf(selection);
          const list = result.get(key);
          if (list) list.push(selection);
          else result.set(key, [selection]);
          break;
        }
        case Kind.INLINE_FRAGMENT:
          if (matches(selection)) visit(selection.selectionSet);
          break;
        case Kind.FRAGMENT_SPREAD: {
          const name = selection.name.value;
          if (visited.has(name)) break;
          visited.add(name);
          const fragment = env.fragments[name];
          if (fragment && matches(fragment)) visit(fragment.selectionSet);
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
