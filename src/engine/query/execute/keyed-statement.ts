import type { CompileEnv } from '../compile/compile-filter.js';
import { countingAliases, skipAliases } from '../create-compile-env.js';
import type { NativeStatement } from './run-ast.js';

/**
 * A relation's statement (`… WHERE key IN (…)`) compiled once per owner (an AST node, kept with its read
 * plan) and per number of keys: the keys are put into their places among the values on each read. Only the
 * values of the list change from read to read; its length is part of the SQL text.
 */
type Template = { sql: string; bindings: readonly unknown[]; slots: number[]; aliases: number };

/** Lengths kept per owner: the common small lists, not every length a large read meets. */
const MAX_LENGTHS = 16;
const templates = new WeakMap<object, Map<number, Template>>();

/** A stand-in for the i-th key while compiling: a text no caller sends as a key. */
const PLACEHOLDER = '\u0000stratum-key-';
const placeholder = (i: number) => `${PLACEHOLDER}${i}\u0000`;

export function keyedStatement(
  env: CompileEnv,
  owner: object,
  keys: readonly unknown[],
  build: (env: CompileEnv, keys: readonly unknown[]) => NativeStatement,
): NativeStatement {
  let byLength = templates.get(owner);
  const kept = byLength?.get(keys.length);
  if (kept) {
    skipAliases(env, kept.aliases);
    return { sql: kept.sql, bindings: fill(kept, keys) };
  }
  const counting = countingAliases(env);
  const stand = keys.map((_, i) => placeholder(i));
  const compiled = build(counting.env, stand);
  // Where each stand-in sits among the values (-1: twice), found in one pass: a search per key would be
  // quadratic in the keys (a 500-key chunk: 250,000 comparisons, every read whose key count is new).
  const places = new Map<unknown, number>();
  compiled.bindings.forEach((value, i) => {
    if (typeof value === 'string' && value.startsWith(PLACEHOLDER)) places.set(value, places.has(value) ? -1 : i);
  });
  const slots = stand.map((p) => places.get(p) ?? -1);
  // Each stand-in must appear exactly once among the values; otherwise compile with the keys themselves.
  if (!slots.every((slot) => slot >= 0)) return build(env, keys);
  const template: Template = { sql: compiled.sql, bindings: compiled.bindings, slots, aliases: counting.taken() };
  if (!byLength) templates.set(owner, (byLength = new Map()));
  if (byLength.size < MAX_LENGTHS) byLength.set(keys.length, template);
  return { sql: template.sql, bindings: fill(template, keys) };
}

function fill(template: Template, keys: readonly unknown[]): unknown[] {
  const bindings = template.bindings.slice();
  template.slots.forEach((slot, i) => {
    bindings[slot] = keys[i];
  });
  return bindings;
}
