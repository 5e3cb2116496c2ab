/**
 * The message keys a source text uses: the string literals passed to `t('…')`, `plural(n, '…', '…')` and the
 * marker `msg('…')` (single or double quotes; keys must be plain literals, never built). For the catalogue tests.
 */
export function messageKeys(source: string): string[] {
  const literal = String.raw`(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)")`;
  const calls = [
    new RegExp(String.raw`\b(?:t|msg)\(\s*${literal}`, 'g'),
    new RegExp(String.raw`\bplural\(\s*[^,()]+(?:\([^()]*\))?[^,()]*,\s*${literal}\s*,\s*${literal}`, 'g'),
  ];
  const keys: string[] = [];
  for (const call of calls) {
    for (const found of source.matchAll(call)) {
      for (let i = 1; i < found.length; i += 2) {
        const text = found[i] ?? found[i + 1];
        if (text !== undefined) keys.push(unescape(text));
      }
    }
  }
  return keys;
}

function unescape(text: string): string {
  return text.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
}

/** The `{name}` placeholders of a message. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
}
