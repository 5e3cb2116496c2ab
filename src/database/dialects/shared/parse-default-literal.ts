import { toNumberWhenSafe } from './to-number-when-safe.js';

const QUOTED = /^'((?:[^'\\]|''|\\.)*)'(?:\s*::\s*[\w\s".[\]()]+)*$/s;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const NULL = /^null(?:\s*::\s*[\w\s".[\]()]+)*$/i;

/**
 * A column default as catalogs print it, read as a JS literal where it is one: `'active'` (with an optional
 * PostgreSQL `::type` cast) → `active`, `25` → 25, `true` → true, `NULL` → null. Anything else (a function
 * call, an expression) is returned as the raw expression text.
 */
export function parseDefaultLiteral(raw: unknown): unknown {
  if (raw === null || raw === undefined) return null;
  if (typeof raw !== 'string') return raw;
  let text = raw.trim();
  while (text.startsWith('(') && text.endsWith(')') && balanced(text.slice(1, -1))) text = text.slice(1, -1).trim();
  if (NULL.test(text)) return null;
  const quoted = QUOTED.exec(text);
  if (quoted) return (quoted[1] ?? '').replace(/''/g, "'").replace(/\\(.)/g, '$1');
  // Digits a double can't hold (a 64-bit or a long decimal default) stay text, as values read from rows do.
  if (NUMBER.test(text)) return toNumberWhenSafe(text);
  if (/^true$/i.test(text)) return true;
  if (/^false$/i.test(text)) return false;
  return text;
}

function balanced(text: string): boolean {
  let depth = 0;
  let quoted = false;
  for (const char of text) {
    if (char === "'") quoted = !quoted;
    if (quoted) continue;
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (depth < 0) return false;
  }
  return depth === 0;
}
