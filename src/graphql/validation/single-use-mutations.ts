import { GraphQLError, Kind, type ASTVisitor, type SelectionSetNode, type ValidationContext } from 'graphql';

/** Mutations that may appear once per operation, aliases counted (Directus's GRAPHQL_SINGLE_USE_MUTATIONS default). */
export const SINGLE_USE_MUTATIONS: ReadonlySet<string> = new Set([
  'auth_login',
  'auth_refresh',
  'auth_password_request',
  'auth_password_reset',
  'users_register',
  'users_register_verify',
  'users_invite_accept',
  'users_me_tfa_generate',
  'users_me_tfa_enable',
  'users_me_tfa_disable',
  'users_me_tfa_recovery_codes',
  'utils_cache_clear',
]);

/** Validation rule: `"auth_login" can only be used once per request`. */
export function singleUseMutationsRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      if (node.operation !== 'mutation') return;
      const counts = new Map<string, number>();
      const visited = new Set<string>();
      const count = (set: SelectionSetNode | undefined) => {
        for (const selection of set?.selections ?? []) {
          if (selection.kind === Kind.FIELD) {
            const name = selection.name.value;
            if (SINGLE_USE_MUTATIONS.has(name)) counts.set(name, (counts.get(name) ?? 0) + 1);
          } else if (selection.kind === Kind.INLINE_FRAGMENT) count(selection.selectionSet);
          else if (!visited.has(selection.name.value)) {
            visited.add(selection.name.value);
            count(context.getFragment(selection.name.value)?.selectionSet);
          }
        }
      };
      count(node.selectionSet);
      for (const [name, n] of counts) {
        if (n > 1) context.reportError(new GraphQLError(`"${name}" can only be used once per request`, { nodes: node }));
      }
    },
  };
}
