import { describe, expect, it } from 'vitest';
import { codeLanguage } from './code-language.js';

describe('codeLanguage', () => {
  it('reads the language option in any case and a few aliases, else JSON for a json column', () => {
    expect(codeLanguage({ type: 'text', options: { language: 'JavaScript' } })).toBe('javascript');
    expect(codeLanguage({ type: 'text', options: { language: 'md' } })).toBe('markdown');
    expect(codeLanguage({ type: 'text', options: { language: 'cobol' } })).toBeNull();
    expect(codeLanguage({ type: 'json', options: {} })).toBe('json');
    expect(codeLanguage({ type: 'text', options: {} })).toBeNull();
  });
});
