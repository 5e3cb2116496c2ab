import { GraphQLError, Kind, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode } from 'graphql';

/**
 * Most field selections one document may make, counted as executed: every alias and every repetition counts,
 * and a fragment counts as many times as it is spread (so fragments that spread each other several times, which
 * multiply the work with few tokens, are measured by what they expand to). Introspection fields count too.
 */
export const GRAPHQL_MAX_FIELDS = 1000;

/**
 * The number of field selections a document expands to (the largest over its operations), in time linear in
 * the document: each fragment's size is measured once. A fragment cycle (refused by validation) counts as nothing.
 * Stops counting once past `stopAt`.
 */
export function countFieldSelections(document: DocumentNode, stopAt = Number.MAX_SAFE_INTEGER): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const fragmentSizes = new Map<string, number>();
  const sizeOf = (set: SelectionSetNode | undefined): number => {
    let total = 0;
    for (const selection of set?.selections ?? []) {
      if (selection.kind === Kind.FIELD) total += 1 + sizeOf(selection.selectionSet);
      else if (selection.kind === Kind.INLINE_FRAGMENT) total += sizeOf(selection.selectionSet);
      else {
        const name = selection.name.value;
        let size = fragmentSizes.get(name);
        if (size === undefined) {
          fragmentSizes.set(name, 0);
          size = sizeOf(fragments.get(name)?.selectionSet);
          fragmentSizes.set(name, size);
        }
        total += size;
      }
      if (total > stopAt) return total;
    }
    return total;
  };
  let largest = 0;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) largest = Math.max(largest, sizeOf(definition.selectionSet));
    if (largest > stopAt) break;
  }
  return largest;
}

/**
 * Most distinct response names (fields and their aliases) at the top of one operation: each one runs a resolver
 * of its own (a list read, a health check), while repeats of one name are merged and run once.
 */
export const GRAPHQL_MAX_ROOT_FIELDS = 100;

/** The number of distinct response names at the top of the document's largest operation (fragments followed once). */
export function countRootResponseNames(document: DocumentNode): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  let largest = 0;
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    const names = new Set<string>();
    const visited = new Set<string>();
    const collect = (set: SelectionSetNode | undefined) => {
      for (const selection of set?.selections ?? []) {
        if (selection.kind === Kind.FIELD) names.add(selection.alias?.value ?? selection.name.value);
        else if (selection.kind === Kind.INLINE_FRAGMENT) collect(selection.selectionSet);
        else if (!visited.has(selection.name.value)) {
          visited.add(selection.name.value);
          collect(fragments.get(selection.name.value)?.selectionSet);
        }
      }
    };
    collect(definition.selectionSet);
    largest = Math.max(largest, names.size);
  }
  return largest;
}

/** The error for a document with more than GRAPHQL_MAX_ROOT_FIELDS top-level response names. */
export function tooManyRootFieldsError(limit: number): GraphQLError {
  return new GraphQLError(`The query asks for too many top-level fields: more than ${limit} distinct fields and aliases.`);
}

/** The error for a document over GRAPHQL_MAX_FIELDS (refused before validation and execution). */
export function tooManyFieldsError(limit: number): GraphQLError {
  return new GraphQLError(
    `The query selects too many fields: more than ${limit}, counting aliases, repetitions and each use of a fragment.`,
  );
}
