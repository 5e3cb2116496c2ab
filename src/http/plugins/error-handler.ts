import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  AppError,
  contentTooLarge,
  internalServerError,
  invalidPathParameter,
  invalidPayload,
  invalidQuery,
  isAppError,
  routeNotFound,
  unsupportedMediaType,
} from '../../kernel/errors/index.js';
import { lingerAfterEarlyAnswer } from '../linger-after-early-answer.js';
import { requestPath } from '../request-context.js';

export type ErrorEnvelope = { errors: { message: string; extensions: Record<string, unknown> }[] };

/**
 * Turns every thrown value into the Directus envelope `{errors: [{message, extensions: {...extensions, code}}]}`
 * and answers unmatched routes with 404 ROUTE_NOT_FOUND. Unknown errors become a generic 500 and are logged
 * with the request id; their text (stack, SQL, driver messages) never reaches the client.
 */
export type ErrorHandlerOptions = {
  /** Turns an error of a lower layer into a catalogue error (a lost database connection into 503), or null. */
  classify?: (error: unknown) => AppError | null;
};

export const errorHandlerPlugin = fp<ErrorHandlerOptions>(
  async (server: FastifyInstance, options) => {
    const { classify } = options;
    server.setErrorHandler((error: unknown, request, reply) =>
      sendError((!isAppError(error) && classify?.(error)) || error, request, reply),
    );
    server.setNotFoundHandler((request, reply) => sendError(routeNotFound(requestPath(request)), request, reply));
  },
  { name: 'stratum-error-handler', fastify: '5.x' },
);

/** Sends the error envelope for any thrown value (also used for Fastify's framework errors). */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const errors = toAppErrors(error, request);
  const statuses = new Set(errors.map((e) => e.status));
  const status = statuses.size === 1 ? (errors[0]?.status ?? 500) : 500;

  if (status >= 500) {
    request.log.error({ err: error, url: request.url }, `${request.method} ${requestPath(request)} failed: ${status}`);
  } else {
    request.log.debug({ code: errors.map((e) => e.code) }, `${request.method} ${requestPath(request)}: ${status}`);
  }

  // Errors bypass `respond`: no caching or download headers from a half-finished success.
  reply.removeHeader('cache-control');
  reply.removeHeader('content-disposition');
  for (const error of errors) for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
  // Answered before the body arrived (413, or a hook's 401/403/415): close, but let the client read the answer.
  lingerAfterEarlyAnswer(request, reply);
  return reply.code(status).type('application/json; charset=utf-8').send(toEnvelope(errors));
}

/** The envelope for a list of catalogue errors; `code` is always the last key of `extensions`. */
export function toEnvelope(errors: AppError[]): ErrorEnvelope {
  return {
    errors: errors.map((error) => {
      const { code: _ignored, ...extensions } = error.extensions;
      return { message: error.message, extensions: { ...extensions, code: error.code } };
    }),
  };
}

/** Maps a thrown value to catalogue errors: AppErrors as they are, Fastify's own errors to their catalogue twin. */
export function toAppErrors(error: unknown, request?: FastifyRequest): AppError[] {
  if (isAppError(error)) return [error];
  if (error instanceof AggregateError && error.errors.length > 0 && error.errors.every(isAppError)) {
    return error.errors as AppError[];
  }
  return [fromFastifyError(error, request)];
}

function fromFastifyError(error: unknown, request?: FastifyRequest): AppError {
  if (error === null || typeof error !== 'object') return internalServerError(error);
  const fastifyError = error as Partial<FastifyError> & { validationContext?: string };

  if (fastifyError.validation !== undefined) {
    const reason = fastifyError.message ?? 'Invalid request';
    switch (fastifyError.validationContext) {
      case 'querystring':
        return invalidQuery(reason);
      case 'params':
        return invalidPathParameter(reason);
      default:
        return invalidPayload(reason, error);
    }
  }

  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return contentTooLarge();
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedMediaType(mediaTypeOf(request), 'Content-Type header');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return invalidPayload(fastifyError.message ?? 'Invalid body', error);
    case 'FST_ERR_BAD_URL':
      return invalidPathParameter('The URL is malformed');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return invalidPathParameter('A path parameter is too long');
    default:
      break;
  }

  if (error instanceof SyntaxError && fastifyError.statusCode === 400) return invalidPayload(error.message, error);
  if (typeof fastifyError.code === 'string' && fastifyError.code.startsWith('FST_')) {
    const status = fastifyError.statusCode ?? 500;
    if (status === 413) return contentTooLarge();
    if (status === 415) return unsupportedMediaType(mediaTypeOf(request), 'Content-Type header');
    if (status >= 400 && status < 500) return invalidPayload(fastifyError.message ?? 'Invalid request', error);
  }
  return internalServerError(error);
}

/** The media type of the request without parameters (`text/plain; charset=utf-8` → `text/plain`). */
function mediaTypeOf(request?: FastifyRequest): string {
  const header = request?.headers['content-type'];
  if (typeof header !== 'string' || header.trim() === '') return 'unknown';
  return header.split(';')[0]?.trim().toLowerCase() ?? 'unknown';
}
