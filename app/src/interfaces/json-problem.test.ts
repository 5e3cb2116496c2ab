import { describe, expect, it } from 'vitest';
import { jsonProblem } from './json-problem.js';

describe('jsonProblem', () => {
  it('answers null for valid JSON and for an empty value (saved as null)', () => {
    expect(jsonProblem('{"a": [1, -2.5e3, true, null, "x\\n"]}')).toBeNull();
    expect(jsonProblem('  ')).toBeNull();
  });

  it('says what is wrong and where, by line and column', () => {
    expect(jsonProblem('{\n  "a": 1,\n  "b": }')).toBe('Not valid JSON at line 3, column 8: expected a value.');
    expect(jsonProblem('{"a": 1 "b": 2}')).toBe("Not valid JSON at line 1, column 9: expected ',' or '}'.");
    expect(jsonProblem("{'a': 1}")).toBe('Not valid JSON at line 1, column 2: expected a property name in double quotes.');
    expect(jsonProblem('[1, 2,]')).toBe('Not valid JSON at line 1, column 7: expected a value.');
  });

  it('says so for a text cut short or followed by more', () => {
    expect(jsonProblem('{"a": ')).toBe('Not valid JSON at line 1, column 7: the text ends where a value should be.');
    expect(jsonProblem('"open')).toBe('Not valid JSON at line 1, column 6: a string is not closed.');
    expect(jsonProblem('1 2')).toBe('Not valid JSON at line 1, column 3: unexpected text after the value.');
  });
});
