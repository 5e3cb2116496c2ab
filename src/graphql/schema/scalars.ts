import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from 'graphql';
import { toNumberWhenSafe } from '../../database/dialects/shared/to-number-when-safe.js';

/** Any JSON value (json fields, `group` of aggregates, `permissions_me`). */
export const GraphQLJSON = new GraphQLScalarType({
  name: 'JSON',
  description: 'Any JSON value.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node, variables) => literalToJson(node, variables ?? undefined),
});

/**
 * Integers beyond 32 bits (bigInteger fields, `expires` in milliseconds), serialized as a string as Directus does.
 * Accepts a number or a numeric string on input.
 */
export const GraphQLBigInt = new GraphQLScalarType({
  name: 'GraphQLBigInt',
  description: 'An integer of up to 64 bits, serialized as a string.',
  serialize: (value) => {
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'number' && Number.isFinite(value)) return String(Math.trunc(value));
    if (typeof value === 'string' && /^-?\d+$/.test(value)) return value;
    throw new GraphQLError(`GraphQLBigInt cannot represent ${JSON.stringify(String(value))}`);
  },
  parseValue: (value) => parseBigInt(value),
  parseLiteral: (node) => {
    if (node.kind === Kind.INT || node.kind === Kind.STRING) return parseBigInt(node.value);
    throw new GraphQLError('GraphQLBigInt must be an integer or a numeric string', { nodes: node });
  },
});

/** A number or a string (numeric filter values: `_eq: 5` or `_eq: "$NOW"`-like strings). */
export const GraphQLStringOrFloat = new GraphQLScalarType({
  name: 'GraphQLStringOrFloat',
  description: 'A string or a float.',
  serialize: (value) => value,
  parseValue: (value) => {
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) return value;
    throw new GraphQLError('GraphQLStringOrFloat must be a string or a number');
  },
  parseLiteral: (node) => {
    if (node.kind === Kind.STRING) return node.value;
    // A literal with more digits than a double holds (a decimal, a 64-bit key) stays text: nothing is rounded.
    if (node.kind === Kind.INT || node.kind === Kind.FLOAT) return toNumberWhenSafe(node.value);
    throw new GraphQLError('GraphQLStringOrFloat must be a string or a number', { nodes: node });
  },
});

/** Dates and times as strings (ISO 8601 for date-times); a JS Date from a driver is serialized to ISO. */
export const GraphQLDate = new GraphQLScalarType({
  name: 'Date',
  description: 'A date, time or date-time as a string.',
  serialize: (value) => {
    if (value instanceof Date) return value.toISOString();
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return new Date(value).toISOString();
    throw new GraphQLError(`Date cannot represent ${JSON.stringify(String(value))}`);
  },
  parseValue: (value) => {
    if (typeof value === 'string') return value;
    throw new GraphQLError('Date must be a string');
  },
  parseLiteral: (node) => {
    if (node.kind === Kind.STRING) return node.value;
    throw new GraphQLError('Date must be a string', { nodes: node });
  },
});

function parseBigInt(value: unknown): number | string {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) {
    const n = Number(value);
    return Number.isSafeInteger(n) ? n : value;
  }
  throw new GraphQLError('GraphQLBigInt must be an integer or a numeric string');
}

function literalToJson(node: ValueNode, variables: Record<string, unknown> | undefined): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
    case Kind.ENUM:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map((v) => literalToJson(v, variables));
    case Kind.OBJECT: {
      const out: Record<string, unknown> = {};
      for (const field of node.fields) {
        // defineProperty: a `__proto__` key stays plain data instead of replacing the prototype.
        Object.defineProperty(out, field.name.value, {
          value: literalToJson(field.value, variables),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    case Kind.VARIABLE:
      return variables?.[node.name.value];
  }
}
