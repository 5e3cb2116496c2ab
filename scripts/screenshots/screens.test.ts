import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SCREENS } from './screens.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const images = join(root, 'docs', 'images');
const DOCS = ['README.md', 'docs/app.md'];

/** The pictures a Markdown file shows from docs/images: alt text and file name. */
function picturesIn(file: string): { alt: string; name: string }[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/!\[([^\]]*)\]\(([^)\s]*images\/[^)\s]+)\)/g)].map((m) => ({ alt: m[1]!.trim(), name: basename(m[2]!) }));
}

/** A PNG's width and height from its header (the IHDR chunk follows the 8-byte signature). */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/**
 * Keeps `npm run docs:screenshots` and the docs honest without a browser: every screen has its picture in
 * docs/images (1280×800, at most 250 KB), every picture there is a screen's, and the README and docs/app.md show
 * only pictures that exist, each with alt text, between them all of the screens.
 */
describe('the screenshots in docs/images', () => {
  const names = SCREENS.map((screen) => `${screen.name}.png`);

  it('names each screen once, in lower-case words', () => {
    expect(new Set(names).size).toBe(names.length);
    for (const screen of SCREENS) expect(screen.name).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('has a 1280×800 PNG of at most 250 KB for every screen, and no other picture', () => {
    for (const name of names) {
      const bytes = readFileSync(join(images, name));
      expect(pngSize(bytes), name).toEqual({ width: 1280, height: 800 });
      expect(bytes.length, name).toBeLessThanOrEqual(250 * 1024);
    }
    expect(readdirSync(images).sort()).toEqual([...names].sort());
  });

  it('shows, from the README and docs/app.md, pictures that exist with alt text, and every screen somewhere', () => {
    const shown = DOCS.flatMap(picturesIn);
    for (const picture of shown) {
      expect(names, `${picture.name} is shown but is no screen's picture`).toContain(picture.name);
      expect(picture.alt.length, `alt text of ${picture.name}`).toBeGreaterThan(15);
    }
    expect(new Set(shown.map((p) => p.name))).toEqual(new Set(names));
    expect(picturesIn('README.md').map((p) => p.name)).toEqual(expect.arrayContaining(['content-table.png', 'item.png']));
  });
});
