import { describe, expect, it } from 'vitest';
import { parseDefaultLiteral } from './parse-default-literal.js';

describe('parseDefaultLiteral', () => {
  it.each([
    { name: 'quoted text', raw: "'active'", value: 'active' },
    { name: 'doubled quotes', raw: "'it''s'", value: "it's" },
    { name: 'backslash-escaped quotes (MariaDB)', raw: "'it\\'s'", value: "it's" },
    { name: 'a PostgreSQL cast', raw: "'active'::character varying", value: 'active' },
    { name: 'a cast of a number', raw: "'-1'::integer", value: '-1' },
    { name: 'a number', raw: '25', value: 25 },
    { name: 'a negative decimal', raw: '-1.5', value: -1.5 },
    { name: 'a bigint past 2^53 (as text)', raw: '9223372036854775807', value: '9223372036854775807' },
    {
      name: 'a decimal with more digits than a double (as text)',
      raw: '12345678901234567890.1234567891',
      value: '12345678901234567890.1234567891',
    },
    { name: 'a boolean', raw: 'false', value: false },
    { name: 'NULL', raw: 'NULL', value: null },
    { name: 'a cast NULL', raw: 'NULL::character varying', value: null },
    { name: 'a parenthesised literal', raw: "('x')", value: 'x' },
    { name: 'an expression', raw: "nextval('a_id_seq'::regclass)", value: "nextval('a_id_seq'::regclass)" },
    { name: 'SQL null', raw: null, value: null },
  ])('reads $name', ({ raw, value }) => {
    expect(parseDefaultLiteral(raw)).toEqual(value);
  });
});
