import { GraphQLError, Kind, type ASTVisitor, type SelectionSetNode, type ValidationContext, type ValidationRule } from 'graphql';

/**
 * Validation rule: selection sets may nest at most `maxDepth` fields deep (fragments followed, each measured
 * once, so fragment fan-out cannot make the check itself expensive). Introspection (`__schema`, `__type`) is
 * not counted: its depth is bounded by the schema and the token limit.
 */
export function maxDepthRule(maxDepth: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragmentDepths = new Map<string, number>();
    const depthOf = (set: SelectionSetNode | undefined): number => {
      let deepest = 0;
      for (const selection of set?.selections ?? []) {
        if (selection.kind === Kind.FIELD) {
          if (selection.name.value.startsWith('__')) continue;
          deepest = Math.max(deepest, 1 + (selection.selectionSet ? depthOf(selection.selectionSet) : 0));
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(selection.selectionSet));
        } else {
          const name = selection.name.value;
          let depth = fragmentDepths.get(name);
          if (depth === undefined) {
            fragmentDepths.set(name, 0); // a cycle (reported by NoFragmentCyclesRule) counts as nothing
            depth = depthOf(context.getFragment(name)?.selectionSet);
            fragmentDepths.set(name, depth);
          }
          deepest = Math.max(deepest, depth);
        }
      }
      return deepest;
    };
    return {
      OperationDefinition(node) {
        if (depthOf(node.selectionSet) > maxDepth) {
          context.reportError(new GraphQLError(`The query is nested too deeply: more than ${maxDepth} levels.`, { nodes: node }));
        }
      },
    };
  };
}
