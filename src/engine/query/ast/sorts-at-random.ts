import type { AstNode, RootAst } from './ast.types.js';

/** `?` in a `sort`: random order (compile-sort). */
const RANDOM = '?';

/**
 * Whether a read orders rows at random anywhere: the query's own `sort`, or the `_sort` of a relation it reads
 * (`deep`), many-to-any branches included. Such a read answers differently each time, so its result is never kept.
 * Only sorts the read actually uses count: a `deep` entry for a field that is not selected, or a filter value `?`,
 * does not.
 */
export function sortsAtRandom(ast: RootAst): boolean {
  return (ast.query.sort?.includes(RANDOM) ?? false) || ast.children.some(nodeSortsAtRandom);
}

function nodeSortsAtRandom(node: AstNode): boolean {
  switch (node.kind) {
    case 'field':
      return false;
    case 'm2a':
      return node.branches.some((branch) => branch.children.some(nodeSortsAtRandom));
    default:
      return (node.query.sort?.includes(RANDOM) ?? false) || node.children.some(nodeSortsAtRandom);
  }
}
