import {
  isAbstractType,
  typeFromAST,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type InlineFragmentNode,
  type SelectionSetNode,
} from 'graphql';
import { collectSelectedFields, type SelectionEnv } from '../resolvers/collect-fields.js';

/** A selection's environment (fragments, coerced variables) with the schema that types it. */
export type ExecutionEnv = SelectionEnv & { schema: GraphQLSchema };

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
  return collectSelectedFields(
    env,
    sets,
    (field) => (field.alias ? field.alias.value : field.name.value),
    (fragment) => conditionMatches(env, fragment, type),
  );
}

function conditionMatches(env: ExecutionEnv, fragment: InlineFragmentNode | FragmentDefinitionNode, type: GraphQLObjectType): boolean {
  if (!fragment.typeCondition) return true;
  const condition = typeFromAST(env.schema, fragment.typeCondition);
  if (condition === type) return true;
  return isAbstractType(condition) && env.schema.isSubType(condition, type);
}
