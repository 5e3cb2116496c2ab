import { isPlainObject } from '../../../kernel/values/is-plain-object.js';
import type { CompileEnv, FilterLeaf } from '../compile/compile-filter.js';
import { compileOperator } from '../compile/compile-operator.js';
import type { Sql } from '../compile/sql.js';
import { isPlainBinding } from './is-plain-binding.js';
import { splitSql } from './split-sql.js';

/**
 * A plain filter's structure and operators, and where each operator's values sit among its bindings: a read plan
 * fills another read's filter of the same shape by compiling its operators alone (decision 0186).
 */
export type LeafPlan = { shape: readonly Token[]; leaves: readonly (FilterLeaf & { at: readonly number[] })[] };

/**
 * A filter's structure as a list (`Token`s): its keys, `_and`/`_or` lists and each field's operators in the order
 * the compiler walks them, with numbers (never a key) where a list or a field's operators open and close.
 */
type Token = string | number;
const OPEN_LIST = 0;
const OPEN_FIELD = 1;
const CLOSE = 2;

/**
 * Walks `filter` as compileFilter does, writing its structure to `shape.tokens` (or, given `expected`, comparing
 * it with that from `shape.at` on) and its operands, in order, to `operands` (their field keys and operators to
 * `names`). False when the filter is not made of fields, operators and `_and`/`_or` lists alone, or differs from
 * `expected`.
 */
function walkFilter(
  filter: unknown,
  shape: { tokens: Token[]; at: number },
  operands: unknown[],
  expected?: readonly Token[],
  names?: string[],
): boolean {
  const token = (t: Token) => {
    if (!expected) shape.tokens.push(t);
    return !expected || expected[shape.at++] === t;
  };
  if (!isPlainObject(filter)) return false;
  for (const key of Object.keys(filter)) {
    const value = filter[key];
    if (!token(key)) return false;
    if (key === '_and' || key === '_or') {
      if (!Array.isArray(value) || !token(OPEN_LIST)) return false;
      for (const inner of value) if (!walkFilter(inner, shape, operands, expected, names)) return false;
      if (!token(CLOSE)) return false;
      continue;
    }
    if (key.startsWith('_') || !isPlainObject(value) || !token(OPEN_FIELD)) return false;
    for (const op of Object.keys(value)) {
      if (!op.startsWith('_') || op === '_some' || op === '_none' || !token(op)) return false;
      operands.push(value[op]);
      names?.push(key, op);
    }
    if (!token(CLOSE)) return false;
  }
  return true;
}

/**
 * The leaf plan of a filter compiled to `sql` with these operators (the compiler's LeafSink), or null unless the
 * walk meets the same operators in the same order and the condition's bindings are theirs, one after the other:
 * then its text follows from theirs alone, joined by AND and OR as the structure says.
 */
export function leafPlan(filter: unknown, leaves: readonly FilterLeaf[], sql: Sql): LeafPlan | null {
  const shape = { tokens: [] as Token[], at: 0 };
  const operands: unknown[] = [];
  const names: string[] = [];
  if (!walkFilter(filter, shape, operands, undefined, names) || operands.length !== leaves.length) return null;
  const planned: LeafPlan['leaves'][number][] = [];
  let next = 0;
  for (const [i, leaf] of leaves.entries()) {
    if (names[2 * i] !== leaf.key || names[2 * i + 1] !== leaf.op) return null;
    const split = splitSql({ sql: leaf.sql, bindings: leaf.bindings });
    if (!split || leaf.bindings.some((binding, i) => sql.bindings[next + i] !== binding)) return null;
    next += leaf.bindings.length;
    planned.push({ ...leaf, at: split.at });
  }
  return next === sql.bindings.length ? { shape: shape.tokens, leaves: planned } : null;
}

/**
 * The values of a plain filter (leafPlan) for another read of the plan's shape: each operator compiled alone for
 * its operand, through the compiler's own compileOperator (the same casts, checks and errors), instead of the
 * whole filter. Null when the structure differs or an operator gives other text (`_eq` null, another list
 * length): then the filter is compiled whole.
 */
export function fillLeaves(env: CompileEnv, plan: LeafPlan, filter: unknown): unknown[] | null {
  const operands: unknown[] = [];
  const shape = { tokens: [], at: 0 };
  if (!walkFilter(filter, shape, operands, plan.shape) || shape.at !== plan.shape.length || operands.length !== plan.leaves.length)
    return null;
  const values: unknown[] = [];
  for (const [i, leaf] of plan.leaves.entries()) {
    const compiled = compileOperator(env, leaf.op, operands[i], leaf.column, leaf.type, leaf.field);
    if (compiled.sql !== leaf.sql || compiled.bindings.length !== leaf.bindings.length) return null;
    for (const at of leaf.at) {
      const value = compiled.bindings[at];
      if (!isPlainBinding(value)) return null;
      values.push(value);
    }
  }
  return values;
}
