import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { de as rest } from './de.js';
import { deSignedOut } from './de-signed-out.js';
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

const sources = sourceFiles(appSource).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
/** The whole German catalogue: the signed-out pages' chunk and the rest (decision 0151). */
const de: Record<string, string> = { ...deSignedOut, ...rest };
/** The sources of the signed-out pages, whose messages a German browser loads before the sign-in page shows. */
const SIGNED_OUT = ['auth/', 'api/', 'shared/', 'app.tsx', 'lazy-page.tsx'];
const signedOutKeys = new Set(
  sources
    .filter(({ file }) => SIGNED_OUT.some((part) => file.slice(appSource.length).startsWith(part)))
    .flatMap(({ text }) => messageKeys(text)),
);
const used = new Set(sources.flatMap(({ text }) => messageKeys(text)));

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

  it('finds every key: none is built with a template literal', () => {
    expect(sources.filter(({ text }) => /\b(?:t|msg)\(\s*`|\bplural\([^,()]+,\s*`/.test(text)).map(({ file }) => file)).toEqual([]);
  });

  it('finds no words written straight into the markup (text between tags, labels, titles, placeholders)', () => {
    // Words outside t(): text between two tags on one line, or a plain attribute a person reads or hears.
    const literal = /<[A-Za-z][^<>]*>\s*[A-Za-z][^<>{}]*<\/|\b(?:aria-label|title|placeholder|alt)="[A-Za-z]/;
    // The product's name, key caps, and the literal values true and false of the filter builder.
    const allowed = [
      '<span class="brand">Stratum</span>',
      '<kbd>',
      '<option value="true">true</option>',
      '<option value="false">false</option>',
    ];
    const found = sources
      .filter(({ file }) => file.endsWith('.tsx'))
      .flatMap(({ file, text }) =>
        text
          .split('\n')
          .filter((line) => literal.test(line) && !allowed.some((ok) => line.includes(ok)))
          .map((line) => `${file.slice(appSource.length)}: ${line.trim()}`),
      );
    expect(found).toEqual([]);
  });

  it("keeps the signed-out pages' messages in their own small chunk, and the rest apart from them", () => {
    expect([...signedOutKeys].filter((key) => !(key in deSignedOut)).sort()).toEqual([]);
    expect(Object.keys(deSignedOut).filter((key) => !signedOutKeys.has(key))).toEqual([]);
    expect(Object.keys(rest).filter((key) => key in deSignedOut)).toEqual([]);
  });

  it('translates every message (no empty text)', () => {
    expect(Object.entries(de).filter(([, text]) => text.trim() === '')).toEqual([]);
  });
});
