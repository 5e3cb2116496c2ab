import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureFolder } from './ensure-folder.js';

describe('ensureFolder (the SQLite file’s folder)', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  const scratch = () => {
    const folder = mkdtempSync(join(tmpdir(), 'stratum-folder-'));
    made.push(folder);
    return folder;
  };

  it('makes the missing folders, and leaves existing ones be', () => {
    const root = scratch();
    ensureFolder(join(root, 'a', 'b', 'data.db'));
    expect(statSync(join(root, 'a', 'b')).isDirectory()).toBe(true);
    expect(() => ensureFolder(join(root, 'a', 'b', 'other.db'))).not.toThrow();
  });

  it('fails at once, naming DB_FILENAME, where a folder cannot be made (under /proc Node’s own mkdir loops for ever)', () => {
    expect(() => ensureFolder('/proc/nope/x.db')).toThrow('DB_FILENAME /proc/nope/x.db: cannot create the folder /proc/nope (ENOENT)');
  });

  it('fails where a file stands in the way', () => {
    const root = scratch();
    writeFileSync(join(root, 'plain'), '');
    expect(() => ensureFolder(join(root, 'plain', 'data.db'))).toThrow(`${join(root, 'plain')} is a file, not a folder`);
  });
});
