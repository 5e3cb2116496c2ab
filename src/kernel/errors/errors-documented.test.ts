import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './catalogue.js';

const docsPath = fileURLToPath(new URL('../../../docs/errors.md', import.meta.url));

/** `| \`CODE\` | status | when |` rows of docs/errors.md. */
function documentedCodes(): Map<string, number> {
  const rows = new Map<string, number>();
  for (const line of readFileSync(docsPath, 'utf8').split('\n')) {
    const match = /^\|\s*`([A-Z_]+)`\s*\|\s*(\d{3})\s*\|\s*\S/.exec(line);
    if (match?.[1] !== undefined) rows.set(match[1], Number(match[2]));
  }
  return rows;
}

describe('docs/errors.md', () => {
  const documented = documentedCodes();

  it.each(Object.entries(ERROR_CODES))('documents %s with status %i', (code, status) => {
    expect(documented.has(code), `${code} is missing from docs/errors.md`).toBe(true);
    expect(documented.get(code)).toBe(status);
  });

  it('documents no code the catalogue does not have', () => {
    const unknown = [...documented.keys()].filter((code) => !(code in ERROR_CODES));
    expect(unknown).toEqual([]);
  });
});
