import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { de } from './de.js';
import { messageKeys, placeholders } from './message-keys.js';

const appSource = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // The i18n folder itself (its examples in comments, the catalogue) is not code that shows messages.
    if (entry.isDirectory()) return path === join(appSource, 'i18n') ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const used = new Set(sourceFiles(appSource).flatMap((file) => messageKeys(readFileSync(file, 'utf8'))));

describe('the German catalogue', () => {
  it('has every message the code uses', () => {
    expect([...used].filter((key) => !(key in de)).sort()).toEqual([]);
  });

  it('has no message the code does not use', () => {
    expect(
      Object.keys(de)
        .filter((key) => !used.has(key))
        .sort(),
    ).toEqual([]);
  });

  it('keeps every placeholder of each message', () => {
    const lost = Object.entries(de).filter(([key, text]) => placeholders(key).join() !== placeholders(text).join());
    expect(lost).toEqual([]);
  });

  it('translates every message (no empty text)', () => {
    expect(Object.entries(de).filter(([, text]) => text.trim() === '')).toEqual([]);
  });
});
