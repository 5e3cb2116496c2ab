import { msg, t } from '../i18n/t.js';

/**
 * What is wrong with a JSON text, in words with its line and column, or null when it parses (pure). The code
 * editor shows it in place for a JSON field; form-fields.ts refuses to save such a value. Browsers word
 * JSON.parse's errors differently (some quote the whole text), so the place is found by a small scanner of
 * JSON's grammar, and JSON.parse has the last word on validity.
 */
export function jsonProblem(text: string): string | null {
  if (text.trim() === '') return null;
  try {
    JSON.parse(text);
    return null;
  } catch {
    const found = scan(text);
    const { line, column } = lineAndColumn(text, found.position);
    return t('Not valid JSON at line {line}, column {column}: {problem}.', { line, column, problem: t(found.expected) });
  }
}

type Failure = { position: number; expected: string };

class JsonScanner {
  i = 0;
  constructor(private readonly text: string) {}

  fail(expected: string): never {
    throw { position: this.i, expected } satisfies Failure;
  }
  space(): void {
    while (/[ \t\n\r]/.test(this.text[this.i] ?? '')) this.i++;
  }
  literal(word: string): void {
    if (!this.text.startsWith(word, this.i)) this.fail(msg('expected a value'));
    this.i += word.length;
  }
  value(): void {
    this.space();
    const c = this.text[this.i];
    if (c === '{') return this.container('}', true);
    if (c === '[') return this.container(']', false);
    if (c === '"') return this.string();
    if (c === 't') return this.literal('true');
    if (c === 'f') return this.literal('false');
    if (c === 'n') return this.literal('null');
    const number = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(this.text.slice(this.i));
    if (!number) this.fail(c === undefined ? msg('the text ends where a value should be') : msg('expected a value'));
    this.i += number[0].length;
  }
  string(): void {
    this.i++;
    while (this.i < this.text.length) {
      const c = this.text[this.i]!;
      if (c === '"') return void this.i++;
      if (c === '\\') {
        const escape = /^\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/.exec(this.text.slice(this.i));
        if (!escape) this.fail(msg('a wrong escape in a string'));
        this.i += escape[0].length;
      } else if (c < ' ') this.fail(msg('a line break or control character inside a string'));
      else this.i++;
    }
    this.fail(msg('a string is not closed'));
  }
  container(close: string, object: boolean): void {
    this.i++;
    this.space();
    if (this.text[this.i] === close) return void this.i++;
    for (;;) {
      if (object) {
        this.space();
        if (this.text[this.i] !== '"') this.fail(msg('expected a property name in double quotes'));
        this.string();
        this.space();
        if (this.text[this.i] !== ':') this.fail(msg("expected ':' after the property name"));
        this.i++;
      }
      this.value();
      this.space();
      const c = this.text[this.i];
      if (c === close) return void this.i++;
      if (c !== ',') this.fail(close === '}' ? msg("expected ',' or '}'") : msg("expected ',' or ']'"));
      this.i++;
    }
  }
}

function scan(text: string): Failure {
  const scanner = new JsonScanner(text);
  try {
    scanner.value();
    scanner.space();
    if (scanner.i < text.length) scanner.fail(msg('unexpected text after the value'));
  } catch (failure) {
    if (failure && typeof failure === 'object' && 'expected' in failure) return failure as Failure;
    throw failure;
  }
  return { position: 0, expected: msg('the value is not JSON') };
}

function lineAndColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position);
  return { line: before.split('\n').length, column: position - before.lastIndexOf('\n') };
}
