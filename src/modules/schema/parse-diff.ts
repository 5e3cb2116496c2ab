import { invalidPayload } from '../../kernel/errors/index.js';
import { unwrapData } from './unwrap-data.js';
import { parseFlowsDiff } from './flows-snapshot.js';
import type { CollectionDiff, DiffChange, DiffResult, FieldDiff, RelationDiff } from './snapshot.types.js';

type Obj = Record<string, unknown>;
const isObject = (value: unknown): value is Obj => value !== null && typeof value === 'object' && !Array.isArray(value);
const KINDS = ['N', 'D', 'E', 'A'];

function fail(where: string, message: string): never {
  throw invalidPayload(where === '' ? message : `${where}: ${message}`);
}

function parseChange(value: unknown, where: string, nested = false): DiffChange {
  if (!isObject(value)) return fail(where, 'must be a change record object');
  const kind = value.kind;
  if (typeof kind !== 'string' || !KINDS.includes(kind) || (nested && kind === 'A'))
    fail(where, `"kind" must be one of [${nested ? 'N, D, E' : KINDS.join(', ')}]`);
  const path = value.path;
  if (
    path !== undefined &&
    (!Array.isArray(path) ||
      path.length === 0 ||
      !path.every((p) => typeof p === 'string' || (typeof p === 'number' && Number.isInteger(p) && p >= 0)))
  ) {
    fail(where, '"path" must be a non-empty array of keys and indexes');
  }
  if (Array.isArray(path) && path.some((p) => p === '__proto__' || p === 'constructor' || p === 'prototype'))
    fail(where, '"path" must not name a prototype key');
  const withPath = path === undefined ? {} : { path: path as (string | number)[] };
  const has = (key: string) => Object.prototype.hasOwnProperty.call(value, key);
  switch (kind) {
    case 'N':
      if (!has('rhs')) fail(where, '"rhs" is required');
      return { kind, ...withPath, rhs: value.rhs };
    case 'D':
      if (!has('lhs')) fail(where, '"lhs" is required');
      return { kind, ...withPath, lhs: value.lhs };
    case 'E':
      if (!has('lhs') || !has('rhs')) fail(where, '"lhs" and "rhs" are required');
      return { kind, ...withPath, lhs: value.lhs, rhs: value.rhs };
    default: {
      if (typeof value.index !== 'number' || !Number.isInteger(value.index) || value.index < 0)
        fail(where, '"index" must be a whole number');
      if (path === undefined) fail(where, '"path" is required for an array change');
      return { kind: 'A', ...withPath, index: value.index, item: parseChange(value.item, `${where}.item`, true) };
    }
  }
}

function parseChanges(entry: Obj, where: string): DiffChange[] {
  if (!Array.isArray(entry.diff) || entry.diff.length === 0) return fail(where, '"diff" must be a non-empty array of change records');
  return entry.diff.map((change, i) => parseChange(change, `${where} diff[${i}]`));
}

function name(entry: Obj, key: string, where: string): string {
  const value = entry[key];
  if (typeof value !== 'string' || value === '') return fail(where, `"${key}" is required and must be a string`);
  return value;
}

/**
 * Checks the body of POST /schema/apply: `{hash, diff: {collections, fields, relations}}` as the diff endpoint
 * answers it (Directus's rules: every entry names its item and carries deep-diff records of the right shape).
 * `warnings` (the diff's) is ignored. `systemFields` is accepted when empty (this server has no indexes on system fields to change).
 * The body may come wrapped in `{data}`, as POST /schema/diff answers it, or bare, as Directus's SDK sends it.
 */
export function parseDiff(body: unknown): DiffResult {
  const input = unwrapData(body);
  if (!isObject(input) || Object.keys(input).length === 0) throw invalidPayload('No data was included in the body');
  if (typeof input.hash !== 'string' || input.hash === '') fail('', '"hash" is required and must be a string');
  const diff = input.diff;
  if (!isObject(diff)) return fail('', '"diff" is required and must be an object with "collections", "fields" and "relations"');
  for (const key of ['collections', 'fields', 'relations'] as const)
    if (!Array.isArray(diff[key])) fail('', `"diff.${key}" must be an array`);
  if (diff.systemFields !== undefined && (!Array.isArray(diff.systemFields) || diff.systemFields.length > 0)) {
    fail('', '"diff.systemFields" is not supported: system fields have no indexes to change here');
  }
  // `warnings` is what the diff answered beside the diff (decision 0022); it is taken back and ignored.
  for (const key of Object.keys(input)) if (key !== 'hash' && key !== 'diff' && key !== 'warnings') fail('', `"${key}" is not allowed`);

  const collections = (diff.collections as unknown[]).map((entry, i): CollectionDiff => {
    const at = `diff.collections[${i}]`;
    if (!isObject(entry)) return fail(at, 'must be an object with "collection" and "diff"');
    const collection = name(entry, 'collection', at);
    return { collection, diff: parseChanges(entry, `Collection "${collection}"`) };
  });
  const fields = (diff.fields as unknown[]).map((entry, i): FieldDiff => {
    const at = `diff.fields[${i}]`;
    if (!isObject(entry)) return fail(at, 'must be an object with "collection", "field" and "diff"');
    const collection = name(entry, 'collection', at);
    const field = name(entry, 'field', at);
    return { collection, field, diff: parseChanges(entry, `Field "${collection}.${field}"`) };
  });
  const relations = (diff.relations as unknown[]).map((entry, i): RelationDiff => {
    const at = `diff.relations[${i}]`;
    if (!isObject(entry)) return fail(at, 'must be an object with "collection", "field", "related_collection" and "diff"');
    const collection = name(entry, 'collection', at);
    const field = name(entry, 'field', at);
    const related = entry.related_collection;
    if (related !== undefined && related !== null && typeof related !== 'string') fail(at, '"related_collection" must be a string or null');
    return {
      collection,
      field,
      related_collection: (related as string | null | undefined) ?? null,
      diff: parseChanges(entry, `Relation "${collection}.${field}"`),
    };
  });
  const flows = parseFlowsDiff(diff, parseChanges);
  return { hash: input.hash as string, diff: { collections, fields, relations, ...(flows ?? {}) } };
}
