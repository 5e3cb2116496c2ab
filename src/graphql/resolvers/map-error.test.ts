import { GraphQLError } from 'graphql';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { invalidPayload } from '../../kernel/errors/index.js';
import { formatResolverError, graphqlValidationError } from './map-error.js';

const logger = pino({ level: 'silent' });
const located = (originalError: Error) => new GraphQLError(originalError.message, { originalError, path: ['auth_login'] });

describe('formatResolverError', () => {
  it('keeps a catalogue error with its code first', () => {
    const formatted = formatResolverError(located(invalidPayload('Nope')), logger);
    expect(formatted).toEqual({ message: 'Invalid payload. Nope.', extensions: { code: 'INVALID_PAYLOAD', reason: 'Nope' }, path: ['auth_login'] });
    expect(Object.keys(formatted.extensions!)[0]).toBe('code');
  });

  it('hides anything else behind INTERNAL_SERVER_ERROR', () => {
    const formatted = formatResolverError(located(new Error('select * from secret')), logger);
    expect(formatted).toEqual({ message: 'An unexpected error occurred.', extensions: { code: 'INTERNAL_SERVER_ERROR' }, path: ['auth_login'] });
  });
});

describe('graphqlValidationError', () => {
  it('is a 400 GRAPHQL_VALIDATION carrying the GraphQL messages', () => {
    const error = graphqlValidationError([new GraphQLError('Syntax Error: Expected Name, found <EOF>.')]);
    expect(error).toMatchObject({ code: 'GRAPHQL_VALIDATION', status: 400, message: 'GraphQL validation error.' });
    expect(error.extensions.errors).toEqual([{ message: 'Syntax Error: Expected Name, found <EOF>.' }]);
  });
});
