import { GraphQLError } from 'graphql';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { invalidPayload, serviceUnavailable } from '../../kernel/errors/index.js';
import { formatResolverError, graphqlValidationError } from './map-error.js';

const logger = pino({ level: 'silent' });
const located = (originalError: Error) => new GraphQLError(originalError.message, { originalError, path: ['auth_login'] });

describe('formatResolverError', () => {
  it('keeps a catalogue error with its code first', () => {
    const formatted = formatResolverError(located(invalidPayload('Nope')), logger);
    expect(formatted).toEqual({
      message: 'Invalid payload. Nope.',
      extensions: { code: 'INVALID_PAYLOAD', reason: 'Nope' },
      path: ['auth_login'],
    });
    expect(Object.keys(formatted.extensions!)[0]).toBe('code');
  });

  it('hides anything else behind INTERNAL_SERVER_ERROR', () => {
    const formatted = formatResolverError(located(new Error('select * from secret')), logger);
    expect(formatted).toEqual({
      message: 'An unexpected error occurred.',
      extensions: { code: 'INTERNAL_SERVER_ERROR' },
      path: ['auth_login'],
    });
  });

  it('reports SERVICE_UNAVAILABLE, raised or classified (a lost database connection), without the cause', () => {
    const lost = Object.assign(new Error('Connection terminated unexpectedly at 10.0.0.5'), { code: '57P01' });
    const classify = (error: unknown) =>
      error === lost ? serviceUnavailable('database', "The database can't be reached right now; try again", error) : null;
    const formatted = formatResolverError(located(lost), logger, classify);
    expect(formatted).toMatchObject({ extensions: { code: 'SERVICE_UNAVAILABLE', service: 'database' }, path: ['auth_login'] });
    expect(JSON.stringify(formatted)).not.toContain('10.0.0.5');
    expect(formatResolverError(located(serviceUnavailable('assets', 'Busy')), logger).extensions).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
    expect(formatResolverError(located(new Error('other')), logger, classify).extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR' });
  });
});

describe('graphqlValidationError', () => {
  it('is a 400 GRAPHQL_VALIDATION carrying the GraphQL messages', () => {
    const error = graphqlValidationError([new GraphQLError('Syntax Error: Expected Name, found <EOF>.')]);
    expect(error).toMatchObject({ code: 'GRAPHQL_VALIDATION', status: 400, message: 'GraphQL validation error.' });
    expect(error.extensions.errors).toEqual([{ message: 'Syntax Error: Expected Name, found <EOF>.' }]);
  });
});
