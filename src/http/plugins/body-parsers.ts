import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalidPayload } from '../../kernel/errors/index.js';
import { exceedsDepth, MAX_JSON_DEPTH } from '../../kernel/json/exceeds-depth.js';
import { parseQuerystring } from './querystring.js';

/**
 * The request bodies the server understands:
 * - `application/json`: strict (an object or an array; `null` and other bare values are 400 INVALID_PAYLOAD,
 *   as are syntax errors, with the parser's message as the reason). An empty body is `{}` (Directus).
 * - `multipart/form-data`: kept as a raw Buffer for the module that owns the upload to parse.
 * - `application/x-www-form-urlencoded`: parsed with the same qs rules as the query string; a body that is JSON
 *   (what `curl -d '{…}'` sends without a Content-Type of its own) is 400 INVALID_PAYLOAD saying so, not a form of
 *   one odd key that then lacks every field.
 * Every other content type with a body is 415 UNSUPPORTED_MEDIA_TYPE (Fastify raises it; the error handler maps it).
 * Bodies over MAX_PAYLOAD_SIZE are 413 CONTENT_TOO_LARGE (Fastify's bodyLimit; the error handler maps it).
 */
export function registerBodyParsers(server: FastifyInstance): void {
  server.removeAllContentTypeParsers();

  server.addContentTypeParser('application/json', { parseAs: 'string' }, (_request: FastifyRequest, body: string | Buffer, done) => {
    try {
      done(null, parseJsonBody(String(body)));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  server.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_request: FastifyRequest, body: string | Buffer, done) => {
    done(null, body);
  });

  server.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request: FastifyRequest, body: string | Buffer, done) => {
      try {
        done(null, parseFormBody(String(body)));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}

/** Parses a form body; refuses JSON sent as a form. */
export function parseFormBody(text: string): unknown {
  const start = text.trimStart()[0];
  if (start === '{' || start === '[')
    throw invalidPayload('The body is JSON but its Content-Type is application/x-www-form-urlencoded: send Content-Type: application/json');
  return parseQuerystring(text);
}

/** Parses a JSON request body strictly (object or array at the top); throws INVALID_PAYLOAD. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw invalidPayload(error instanceof Error ? error.message : 'Body is not valid JSON', error);
  }
  if (value === null || typeof value !== 'object') {
    throw invalidPayload(`JSON body must be an object or an array, got ${value === null ? 'null' : typeof value}`);
  }
  if (text.includes('__proto__') || text.includes('constructor')) assertNoPrototypePollution(value);
  // Nesting N levels takes at least 2N characters: only a longer body can be too deep.
  if (text.length > 2 * MAX_JSON_DEPTH && exceedsDepth(value))
    throw invalidPayload(`JSON body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  return value;
}

/** Rejects `__proto__` keys and `constructor.prototype` (what secure-json-parse guards against). */
function assertNoPrototypePollution(root: object): void {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Object.prototype.hasOwnProperty.call(node, '__proto__')) {
      throw invalidPayload('Object contains forbidden prototype property');
    }
    const ctor = (node as Record<string, unknown>)['constructor'];
    if (
      Object.prototype.hasOwnProperty.call(node, 'constructor') &&
      ctor !== null &&
      typeof ctor === 'object' &&
      Object.prototype.hasOwnProperty.call(ctor, 'prototype')
    ) {
      throw invalidPayload('Object contains forbidden prototype property');
    }
    for (const value of Object.values(node)) if (value !== null && typeof value === 'object') stack.push(value);
  }
}
