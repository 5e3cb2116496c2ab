import { invalidQuery } from '../../../kernel/errors/index.js';
import { exceedsDepth, MAX_JSON_DEPTH } from '../../../kernel/json/exceeds-depth.js';
import { isStorableText } from '../../../kernel/text/is-storable-text.js';
import { AGGREGATE_FUNCTIONS, type AggregateFunction, type DeepQuery, type Filter, type MetaKey, type Query } from '../query.types.js';
import { isPlainObject } from '../../../kernel/values/is-plain-object.js';

export type ParseQueryOptions = {
  limitDefault: number;
  /** The cap of `limit` and of every `deep[…][_limit]` (QUERY_LIMIT_MAX); null: none. */
  limitMax: number | null;
  /** The limit of nested one-to-many lists without a `_limit` of their own (QUERY_LIMIT_DEFAULT); unset: none. */
  nestedLimit?: number;
  /** The root list may ask for any number of rows (`-1`: all): an export, which reads and sends them in pages. */
  allRows?: boolean;
};

/** The limits of a client's read, from the config (QUERY_LIMIT_DEFAULT, QUERY_LIMIT_MAX): root and nested lists alike. */
export function clientLimits(config: { limitDefault: number; limitMax: number | null }): ParseQueryOptions {
  return { limitDefault: config.limitDefault, limitMax: config.limitMax, nestedLimit: config.limitDefault };
}

/**
 * Normalises REST query parameters (already split by qs into nested objects) into a Query.
 * Each parameter accepts Directus's forms: CSV strings, bracket arrays, and JSON strings where Directus does.
 * Unknown parameters are ignored (as Directus does); malformed ones are a 400 INVALID_QUERY.
 */
export function parseQuery(raw: Record<string, unknown>, options: ParseQueryOptions): Query {
  const query: Query = {};

  if (raw.fields !== undefined) query.fields = parseList(raw.fields, 'fields');
  if (raw.sort !== undefined) query.sort = parseList(raw.sort, 'sort');
  if (raw.groupBy !== undefined) query.group = parseList(raw.groupBy, 'groupBy');
  if (raw.filter !== undefined) query.filter = parseObject(raw.filter, 'filter') as Filter;
  if (raw.search !== undefined) query.search = parseSearch(raw.search);
  if (raw.meta !== undefined) query.meta = parseMeta(raw.meta);
  if (raw.deep !== undefined) query.deep = parseDeepMap(parseObject(raw.deep, 'deep'), 'deep', options.limitMax);
  if (raw.alias !== undefined) query.alias = parseAlias(parseObject(raw.alias, 'alias'));
  if (raw.aggregate !== undefined) query.aggregate = parseAggregate(parseObject(raw.aggregate, 'aggregate'));

  query.limit = parseLimit(raw.limit, options);
  if (options.nestedLimit !== undefined) {
    const nested = cappedLimit(options.nestedLimit, options.limitMax);
    if (nested !== -1) query.nestedLimit = nested;
  }
  if (raw.offset !== undefined) query.offset = parseNonNegative(raw.offset, 'offset');
  if (raw.page !== undefined) query.page = parseNonNegative(raw.page, 'page');
  return query;
}

/** A list parameter: CSV string, array of strings (each may itself be CSV), never JSON. */
export function parseList(value: unknown, name: string): string[] {
  const parts: string[] = [];
  const add = (text: string) => {
    for (const piece of text.split(',')) {
      const trimmed = piece.trim();
      if (trimmed !== '') parts.push(trimmed);
    }
  };
  if (typeof value === 'string') add(value);
  else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) value.forEach(add);
  else throw invalidQuery(`"${name}" must be a string or an array of strings`);
  return parts;
}

/** An object parameter: bracket syntax (already an object) or a JSON string. */
export function parseObject(value: unknown, name: string): Record<string, unknown> {
  if (typeof value === 'string') {
    if (value.trim() === '') return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw invalidQuery(`Invalid JSON for ${name} object`);
    }
    if (!isPlainObject(parsed)) throw invalidQuery(`"${name}" must be an object`);
    if (value.length > 2 * MAX_JSON_DEPTH && exceedsDepth(parsed))
      throw invalidQuery(`"${name}" is nested deeper than ${MAX_JSON_DEPTH} levels`);
    return parsed;
  }
  if (isPlainObject(value)) return value;
  throw invalidQuery(`"${name}" must be an object`);
}

function parseSearch(value: unknown): string {
  if (typeof value !== 'string') throw invalidQuery('"search" must be a string');
  if (!isStorableText(value)) throw invalidQuery('"search" must be well-formed text without NUL characters');
  return value.trim();
}

function parseMeta(value: unknown): MetaKey[] {
  const list = parseList(value, 'meta');
  const result = new Set<MetaKey>();
  list.forEach((item, index) => {
    if (item === '*') {
      result.add('total_count');
      result.add('filter_count');
    } else if (item === 'total_count' || item === 'filter_count') result.add(item);
    else throw invalidQuery(`"meta[${index}]" must be one of [total_count, filter_count]`);
  });
  return [...result];
}

function parseInteger(value: unknown, name: string): number {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^-?\d+$/.test(text.trim())) throw invalidQuery(`"${name}" must be a number`);
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw invalidQuery(`"${name}" must be a safe integer`);
  return n;
}

function parseNonNegative(value: unknown, name: string): number {
  const n = parseInteger(value, name);
  if (n < 0) throw invalidQuery(`"${name}" must be greater than or equal to 0`);
  return n;
}

/** limit: default QUERY_LIMIT_DEFAULT, -1 = all (or QUERY_LIMIT_MAX when set), above the max = 400. */
export function parseLimit(value: unknown, options: ParseQueryOptions): number {
  const { limitDefault, limitMax } = options;
  if (value === undefined) return cappedLimit(limitDefault, limitMax);
  return checkedLimit(parseInteger(value, 'limit'), options.allRows ? null : limitMax, 'limit');
}

/** A default limit under the cap: -1 (all) becomes the cap, a larger one the cap. */
function cappedLimit(n: number, limitMax: number | null): number {
  if (limitMax === null) return n;
  return n === -1 ? limitMax : Math.min(n, limitMax);
}

/** A limit a client asked for: -1 means up to the cap, more than the cap is a 400. */
function checkedLimit(n: number, limitMax: number | null, name: string): number {
  if (n < -1) throw invalidQuery(`"${name}" must be greater than or equal to -1`);
  if (limitMax !== null) {
    if (n === -1) return limitMax;
    if (n > limitMax) throw invalidQuery(`"${name}" must be less than or equal to ${limitMax}`);
  }
  return n;
}

function parseAlias(value: Record<string, unknown>): Record<string, string> {
  const alias: Record<string, string> = {};
  for (const [key, target] of Object.entries(value)) {
    if (typeof target !== 'string') throw invalidQuery('"alias" values must be strings');
    if (key.includes('.') || target.includes('.')) throw invalidQuery('"alias" field can\'t contain a "."');
    alias[key] = target;
  }
  return alias;
}

function parseAggregate(value: Record<string, unknown>): Partial<Record<AggregateFunction, string[]>> {
  const aggregate: Partial<Record<AggregateFunction, string[]>> = {};
  for (const [fn, fields] of Object.entries(value)) {
    if (!(AGGREGATE_FUNCTIONS as readonly string[]).includes(fn)) {
      throw invalidQuery(`"aggregate" has an unknown function "${fn}"`);
    }
    aggregate[fn as AggregateFunction] = parseList(fields, `aggregate[${fn}]`);
  }
  return aggregate;
}

const DEEP_KEYS = new Set(['_filter', '_sort', '_limit', '_offset', '_page', '_search']);

function parseDeepMap(value: Record<string, unknown>, path: string, limitMax: number | null): Record<string, DeepQuery> {
  const result: Record<string, DeepQuery> = {};
  for (const [field, inner] of Object.entries(value)) {
    if (field.startsWith('_')) throw invalidQuery(`"${path}" has an unknown key "${field}"`);
    result[field] = parseDeep(parseObject(inner, `${path}.${field}`), `${path}.${field}`, limitMax);
  }
  return result;
}

function parseDeep(value: Record<string, unknown>, path: string, limitMax: number | null): DeepQuery {
  const deep: DeepQuery = {};
  const nested: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (!key.startsWith('_')) {
      nested[key] = inner;
      continue;
    }
    if (!DEEP_KEYS.has(key)) throw invalidQuery(`"${path}" has an unknown key "${key}"`);
    switch (key) {
      case '_filter':
        deep.filter = parseObject(inner, `${path}._filter`) as Filter;
        break;
      case '_sort':
        deep.sort = parseList(inner, `${path}._sort`);
        break;
      case '_limit':
        deep.limit = checkedLimit(parseInteger(inner, `${path}._limit`), limitMax, `${path}._limit`);
        break;
      case '_offset':
        deep.offset = parseNonNegative(inner, `${path}._offset`);
        break;
      case '_page':
        deep.page = parseNonNegative(inner, `${path}._page`);
        break;
      case '_search':
        deep.search = parseSearch(inner);
        break;
    }
  }
  if (Object.keys(nested).length > 0) deep.deep = parseDeepMap(nested, path, limitMax);
  return deep;
}
