import type { AstNode } from './ast/ast.types.js';
import { compileFilter, type CompileEnv } from './compile/compile-filter.js';
import { compileSearch } from './compile/compile-search.js';
import { compileSort } from './compile/compile-sort.js';

/**
 * Compiles, and drops, the own query (`deep`: `_filter`, `_sort`, `_search`) of every relation level of an
 * AST, so that one naming a field the reader may not use there (unreadable, or concealed where its value is
 * used) is refused whatever the data: a relation's statement is compiled only when there are parent rows to
 * read it for, and an empty page would otherwise answer 200 where a full one answers 403. No SQL runs; the
 * compiled text is thrown away (its aliases come from a counter of its own, so a read plan's are unchanged).
 */
export function checkDeepQueries(env: CompileEnv, nodes: readonly AstNode[]): void {
  let counter = 0;
  const scratch: CompileEnv = { ...env, nextAlias: () => `d${counter++}` };
  const visit = (children: readonly AstNode[]) => {
    for (const node of children) {
      if (node.kind === 'm2a') {
        for (const branch of node.branches) visit(branch.children);
        continue;
      }
      if (node.kind !== 'm2o' && node.kind !== 'o2m') continue;
      const { filter, sort, search } = node.query;
      if (filter) compileFilter(scratch, filter, node.collection, 'd', node.path);
      if (sort && sort.length > 0) compileSort(scratch, sort, node.collection, 'd');
      if (search) compileSearch(scratch, search, node.collection, 'd');
      visit(node.children);
    }
  };
  visit(nodes);
}
