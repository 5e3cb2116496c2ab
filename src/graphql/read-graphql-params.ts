import type { FastifyRequest } from 'fastify';
import { invalidPayload, invalidQuery } from '../kernel/errors/index.js';
import { isPlainObject } from '../kernel/values/is-plain-object.js';

export type GraphqlParams = { query: string; variables: Record<string, unknown>; operationName: string | null };

/**
 * `{query, variables?, operationName?}` from a POST JSON body or from GET query parameters (`variables` as a
 * JSON string). Missing query: 400 INVALID_PAYLOAD; variables that are not a JSON object: 400 INVALID_QUERY.
 */
export function readGraphqlParams(request: FastifyRequest): GraphqlParams {
  const source = request.method === 'GET' ? request.query : request.body;
  const raw = isPlainObject(source) ? source : {};
  if (typeof raw.query !== 'string' || raw.query.trim() === '') throw invalidPayload('Must provide query string');
  if (raw.operationName !== undefined && raw.operationName !== null && typeof raw.operationName !== 'string') {
    throw invalidPayload('"operationName" must be a string');
  }
  const operationName = typeof raw.operationName === 'string' && raw.operationName !== '' ? raw.operationName : null;
  return { query: raw.query, variables: readVariables(raw.variables), operationName };
}

function readVariables(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null || value === '') return {};
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value, rejectPrototypeKeys);
    } catch {
      throw invalidQuery('Variables are invalid JSON');
    }
  }
  if (parsed === null) return {};
  if (!isPlainObject(parsed)) throw invalidQuery('Variables must be an object');
  return parsed;
}

/** A JSON.parse reviver refusing `__proto__` keys and `constructor.prototype` (as the JSON body parser does). */
function rejectPrototypeKeys(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new SyntaxError('"__proto__" is not allowed');
  if (key === 'constructor' && isPlainObject(value) && Object.hasOwn(value, 'prototype'))
    throw new SyntaxError('"constructor.prototype" is not allowed');
  return value;
}
