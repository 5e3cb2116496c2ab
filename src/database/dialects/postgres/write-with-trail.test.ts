import { describe, expect, it } from 'vitest';
import type { TrailField } from '../dialect.js';
import { trailJsonOf } from './write-with-trail.js';

const field = (type: TrailField['type'], dbType: string | null, masked = false): TrailField => ({ field: 'f', type, dbType, masked });

describe('trailJsonOf', () => {
  it('writes the JSON of the types whose PostgreSQL JSON is the API value', () => {
    expect(trailJsonOf(field('integer', 'integer'), 'w."f"')).toBe('to_json(w."f")');
    expect(trailJsonOf(field('string', 'character varying'), 'x')).toBe('to_json(x)');
    expect(trailJsonOf(field('uuid', 'uuid'), 'x')).toBe('to_json(x)');
    expect(trailJsonOf(field('json', 'jsonb'), 'x')).toBe('to_json(x)');
    expect(trailJsonOf(field('boolean', 'boolean'), 'x')).toBe('to_json(x)');
  });

  it('keeps big integers beyond 2^53 as text and non-finite floats as null, as the API does', () => {
    expect(trailJsonOf(field('bigInteger', 'bigint'), 'x')).toContain('to_json(x::text)');
    expect(trailJsonOf(field('float', 'double precision'), 'x')).toContain("'NaN'");
  });

  it('masks concealed and hashed columns, whatever their type', () => {
    expect(trailJsonOf(field('hash', 'character varying', true), 'x')).toBe(
      "case when x is null then null else to_json('**********'::text) end",
    );
    expect(trailJsonOf(field('timestamp', 'timestamp with time zone', true), 'x')).toContain('**********');
  });

  it('declines types whose PostgreSQL JSON differs from the API value, and types on an unexpected column', () => {
    for (const [type, dbType] of [
      ['timestamp', 'timestamp with time zone'],
      ['dateTime', 'timestamp without time zone'],
      ['date', 'date'],
      ['time', 'time without time zone'],
      ['decimal', 'numeric'],
      ['csv', 'text'],
      ['binary', 'bytea'],
      ['json', 'text'],
      ['integer', 'numeric'],
      ['string', null],
    ] as const) {
      expect(trailJsonOf(field(type, dbType), 'x'), `${type} on ${String(dbType)}`).toBeNull();
    }
  });
});
