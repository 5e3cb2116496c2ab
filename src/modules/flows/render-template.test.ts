import { describe, expect, it } from 'vitest';
import { readPath, renderTemplate } from './render-template.js';

describe('renderTemplate', () => {
  const data = { $trigger: { payload: { title: 'Hello', tags: ['a', 'b'], n: 3 } }, op: { data: [{ id: 7 }] } };

  it('gives the raw value when the string is exactly one placeholder', () => {
    expect(renderTemplate('{{ $trigger.payload.tags }}', data)).toEqual(['a', 'b']);
    expect(renderTemplate('{{$trigger.payload.n}}', data)).toBe(3);
    expect(renderTemplate('{{ op.data[0].id }}', data)).toBe(7);
    expect(renderTemplate('{{ missing.path }}', data)).toBeUndefined();
  });

  it('makes text of placeholders inside text, objects as JSON, missing values as nothing', () => {
    expect(renderTemplate('Title: {{ $trigger.payload.title }} ({{ $trigger.payload.n }})', data)).toBe('Title: Hello (3)');
    expect(renderTemplate('tags={{ $trigger.payload.tags }}; x={{ nope }}', data)).toBe('tags=["a","b"]; x=');
  });

  it('walks objects and arrays, leaving keys and other values alone', () => {
    expect(renderTemplate({ '{{ k }}': ['{{ op.data.0.id }}', 1, true, null] }, data)).toEqual({ '{{ k }}': [7, 1, true, null] });
  });

  it('reads own properties only (no prototype walk)', () => {
    expect(readPath({ a: {} }, 'a.constructor')).toBeUndefined();
    expect(readPath({ a: {} }, '__proto__')).toBeUndefined();
  });
});
