import { mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Makes the folder of the SQLite file (absolute path), one level at a time from the nearest folder that exists,
 * or fails with a message naming DB_FILENAME. (Node's recursive mkdir loops for ever under /proc, where a missing
 * folder can never be made.)
 */
export function ensureFolder(filename: string): void {
  const missing: string[] = [];
  let folder = dirname(filename);
  for (;;) {
    const found = statOf(folder);
    if (found === 'folder') break;
    if (found === 'file') throw new Error(`DB_FILENAME ${filename}: ${folder} is a file, not a folder`);
    missing.unshift(folder);
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  for (const path of missing) {
    try {
      mkdirSync(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      if (code !== 'EEXIST') throw new Error(`DB_FILENAME ${filename}: cannot create the folder ${path} (${code})`);
    }
  }
}

function statOf(path: string): 'folder' | 'file' | 'none' {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'file';
  } catch {
    return 'none';
  }
}
