import { isPlainObject } from '../../../kernel/values/is-plain-object.js';
import type { OperationType } from '../flows.types.js';
import { sendRequest, type RequestLimits } from '../send-request.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];

/** Directus's header list (`[{header, value}]`) or a plain object, as strings. */
function headersOf(value: unknown): Record<string, string> {
  if (Array.isArray(value)) {
    return Object.fromEntries(
      value.filter(isPlainObject).map((entry) => [String(entry.header as string), String(entry.value as string)] as [string, string]),
    );
  }
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([name, v]) => [name, String(v as string)]));
  return {};
}

/**
 * `request`: an HTTP request (`url`, `method`, `headers`, `body`) through send-request.ts (no private or reserved
 * address, a timeout and a size cap); the result is `{status, statusText, headers, data}`. A non-2xx answer
 * is a result too (the flow decides), as in Directus.
 */
export function requestOperation(limits: RequestLimits): OperationType {
  return {
    validate(options) {
      if (typeof options.url !== 'string' || options.url === '') return '"url" is required';
      if (options.method !== undefined && !METHODS.includes(String(options.method).toUpperCase()))
        return `"method" must be one of ${METHODS.join(', ')}`;
      return null;
    },
    run(options) {
      const body =
        options.body === undefined || options.body === null
          ? null
          : typeof options.body === 'string'
            ? options.body
            : JSON.stringify(options.body);
      const headers = headersOf(options.headers);
      if (
        body !== null &&
        !Object.keys(headers).some((name) => name.toLowerCase() === 'content-type') &&
        typeof options.body !== 'string'
      ) {
        headers['content-type'] = 'application/json';
      }
      return sendRequest({ url: String(options.url), method: String(options.method ?? 'GET').toUpperCase(), headers, body }, limits);
    },
  };
}
