// Builds the admin app (app/ → app/dist) when its sources changed since the last build, and reuses the last
// build otherwise: a hash of every source file is kept in app/dist/.source-hash. Every built file is also
// written gzip- and brotli-compressed beside itself, which the server sends to clients that accept them.
//
//   node --import tsx scripts/build-app.ts            build if needed (what `npm start` runs)
//   node --import tsx scripts/build-app.ts --force    build always
//   node --import tsx scripts/build-app.ts --strict   exit 1 when the build fails (CI, tests)
//
// Without --strict a failed build is reported and the script exits 0: the API still starts, and /admin serves
// the previous build if there is one (the hash is not updated, so the next start tries again) or answers that
// the app is not built.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const appDir = join(root, 'app');
const distDir = join(appDir, 'dist');
const hashFile = join(distDir, '.source-hash');
const SKIPPED_DIRS = new Set(['dist', 'node_modules']);
const COMPRESSIBLE = /\.(?:js|css|html|svg|json|txt|map)$/;

/** Every file that decides what the build produces: app sources, shared/ (decision 0051), and the dependencies' locked versions. */
async function sourceFiles(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) files.push(...(await sourceFiles(join(dir, entry.name))));
    } else if (!entry.name.endsWith('.test.ts') && !entry.name.endsWith('.test.tsx')) {
      files.push(join(dir, entry.name));
    }
  }
  return files;
}

/**
 * What a build makes, part of the hash: builds before this one could be Vite's development build (JSX dev runtime,
 * larger) when made under Vitest, whose NODE_ENV is `test`; they are made again once.
 */
const BUILD_KIND = 'production (NODE_ENV=production, decision 0152)';

export async function sourceHash(): Promise<string> {
  const hash = createHash('sha256').update(BUILD_KIND).update('\0');
  const files = [...(await sourceFiles(appDir)), ...(await sourceFiles(join(root, 'shared'))), join(root, 'package-lock.json')]
    .filter((file) => existsSync(file))
    .sort();
  for (const file of files) {
    hash
      .update(relative(root, file))
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  }
  return hash.digest('hex');
}

async function compressAll(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      await compressAll(path);
    } else if (COMPRESSIBLE.test(entry.name) && (await stat(path)).size > 256) {
      const content = await readFile(path);
      await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }));
      await writeFile(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    }
  }
}

async function main(): Promise<void> {
  const force = process.argv.includes('--force');
  const strict = process.argv.includes('--strict');
  const hash = await sourceHash();
  const previous = existsSync(hashFile) ? (await readFile(hashFile, 'utf8')).trim() : null;
  if (!force && previous === hash && existsSync(join(distDir, 'index.html'))) {
    console.log('Admin app: up to date (app/dist).');
    return;
  }
  console.log(previous === null ? 'Admin app: building (first start)…' : 'Admin app: building (app/ changed since the last build)…');
  const started = Date.now();
  try {
    // Always the production build (what `npm start` and the image serve), also when the tests' set-up runs this
    // under Vitest (NODE_ENV=test would make Vite use the development JSX runtime: a larger, different bundle).
    process.env.NODE_ENV = 'production';
    const { build } = await import('vite');
    await build({ configFile: join(appDir, 'vite.config.ts'), logLevel: 'warn' });
    await compressAll(distDir);
    await writeFile(hashFile, `${hash}\n`);
    console.log(`Admin app: built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  } catch (error) {
    const fallback = existsSync(join(distDir, 'index.html'))
      ? 'the previous build is served at /admin'
      : '/admin will say the app is not built';
    console.error(`Admin app: the build failed; the API starts anyway and ${fallback}. ${String(error)}`);
    if (strict) process.exit(1);
  }
}

await main();
