import { buildSchema, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { maxDepthRule } from './max-depth.js';
import { singleUseMutationsRule } from './single-use-mutations.js';

const schema = buildSchema(`
  type Node { id: ID child: Node }
  type Query { node: Node }
  type Mutation { auth_login(email: String): Boolean auth_logout: Boolean }
`);

const messages = (document: string, rule: Parameters<typeof validate>[2]) => validate(schema, parse(document), rule).map((e) => e.message);

describe('singleUseMutationsRule', () => {
  it('accepts one use and other mutations beside it', () => {
    expect(messages('mutation { auth_login(email: "a") auth_logout auth_logout }', [singleUseMutationsRule])).toEqual([]);
  });

  it('counts aliases, inline fragments and fragment spreads', () => {
    expect(messages('mutation { a: auth_login(email: "a") b: auth_login(email: "b") }', [singleUseMutationsRule])).toEqual([
      '"auth_login" can only be used once per request',
    ]);
    expect(
      messages('mutation { auth_login(email: "a") ... on Mutation { x: auth_login } ...F } fragment F on Mutation { y: auth_login }', [
        singleUseMutationsRule,
      ]),
    ).toEqual(['"auth_login" can only be used once per request']);
  });

  it('ignores queries', () => {
    expect(messages('{ a: node { id } b: node { id } }', [singleUseMutationsRule])).toEqual([]);
  });
});

describe('maxDepthRule', () => {
  const nested = (levels: number) => `{ node { ${'child { '.repeat(levels - 2)}id${' }'.repeat(levels - 2)} } }`;

  it('accepts a document at the limit and refuses one past it', () => {
    expect(messages(nested(4), [maxDepthRule(4)])).toEqual([]);
    expect(messages(nested(5), [maxDepthRule(4)])).toEqual(['The query is nested too deeply: more than 4 levels.']);
  });

  it('follows fragments, once each', () => {
    const fragments = Array.from(
      { length: 6 },
      (_, i) => `fragment F${i} on Node { a: child { ...F${i + 1} } b: child { ...F${i + 1} } }`,
    ).join(' ');
    const document = `{ node { ...F0 } } ${fragments} fragment F6 on Node { id }`;
    expect(messages(document, [maxDepthRule(8)])).toEqual([]);
    expect(messages(document, [maxDepthRule(7)])).toHaveLength(1);
  });

  it('does not count introspection', () => {
    expect(messages('{ __schema { types { fields { type { ofType { ofType { name } } } } } } }', [maxDepthRule(2)])).toEqual([]);
  });
});
