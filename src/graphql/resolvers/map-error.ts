import type { GraphQLError, GraphQLFormattedError } from 'graphql';
import type { Logger } from '../../kernel/logger.js';
import { AppError, ERROR_CODES, isAppError } from '../../kernel/errors/index.js';

/** 400 GRAPHQL_VALIDATION: the document (syntax, fields, arguments, variables, limits) is not acceptable. */
export function graphqlValidationError(errors: readonly GraphQLError[]): AppError {
  return new AppError('GRAPHQL_VALIDATION', ERROR_CODES.GRAPHQL_VALIDATION, 'GraphQL validation error.', {
    errors: errors.map((e) => ({ message: e.message, ...(e.locations ? { locations: e.locations } : {}) })),
  });
}

/** 400 GRAPHQL_EXECUTION: the executor itself failed (not a resolver). */
export function graphqlExecutionError(error: unknown): AppError {
  return new AppError(
    'GRAPHQL_EXECUTION',
    ERROR_CODES.GRAPHQL_EXECUTION,
    'GraphQL execution error.',
    {
      errors: [{ message: 'An unexpected error occurred.' }],
    },
    { cause: error },
  );
}

/**
 * A resolver error as the client sees it: a catalogue error keeps its message and gets `extensions.code`
 * (first, then its other extensions), and so does SERVICE_UNAVAILABLE (`classify` turns a lost database
 * connection into one, as the HTTP error handler does); anything else is logged and becomes a generic
 * INTERNAL_SERVER_ERROR.
 */
export function formatResolverError(
  error: GraphQLError,
  logger: Logger,
  classify?: (error: unknown) => AppError | null,
): GraphQLFormattedError {
  const position = { ...(error.locations ? { locations: error.locations } : {}), ...(error.path ? { path: error.path } : {}) };
  const app = appErrorOf(error.originalError) ?? classify?.(error.originalError) ?? null;
  if (app && (app.status < 500 || app.code === 'SERVICE_UNAVAILABLE')) {
    const { code: _code, ...extensions } = app.extensions;
    return { message: app.message, extensions: { code: app.code, ...extensions }, ...position };
  }
  logger.error({ err: app?.cause ?? error.originalError ?? error, path: error.path }, 'GraphQL resolver failed');
  return { message: 'An unexpected error occurred.', extensions: { code: 'INTERNAL_SERVER_ERROR' }, ...position };
}

function appErrorOf(error: unknown): AppError | null {
  if (isAppError(error)) return error;
  if (error instanceof AggregateError && error.errors.length > 0 && isAppError(error.errors[0])) return error.errors[0] as AppError;
  return null;
}
