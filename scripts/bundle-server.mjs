// The build's one output (after `tsc -p tsconfig.build.json`, which only type-checks: decision 0053): bundles the
// server into dist/stratum.js (plus a few chunks for what is loaded on first use), with the packages it loads at
// start (knex and its lodash, fastify and its plugins, jose …) inside the bundle. Node then reads a handful of
// files at start instead of about 600, which saves about a third of the start time and 4–5 MB of idle RSS
// (decision 0028, bench/RESULTS.md "Start and idle memory"). The files sit directly in dist/, one level below the
// package, so that paths relative to the module (../package.json, ../app/dist/) hold. Everything else in dist/
// (an older build's per-file tree) is removed first.
//
//   node scripts/bundle-server.mjs [--outdir DIR]   (default: dist/ of this repository)
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

/**
 * Packages left outside the bundle, loaded from node_modules at run time:
 * - native addons, which find their compiled file next to their own code;
 * - database drivers (knex requires the one the configuration names; the rest are not installed);
 * - packages loaded on first use only (GraphQL, mail, sign-on, Redis, files, YAML, Fastify's JSON-schema
 *   compilers and inject): bundling them would add megabytes to what every start reads;
 * - pino, whose transports start worker threads from its own files by path; pino-pretty, required only when
 *   logging readable lines (kernel/logger.ts).
 */
const EXTERNAL_PACKAGES = [
  'better-sqlite3',
  'argon2',
  'sharp',
  'pg',
  'pg-native',
  'pg-query-stream',
  'mysql',
  'mysql2',
  'mariadb',
  'mariadb/*',
  'sqlite3',
  'tedious',
  'oracledb',
  'ioredis',
  'graphql',
  // Flows' exec sandbox: QuickJS's loaders read their WebAssembly file beside their own module.
  'quickjs-emscripten',
  'quickjs-emscripten-core',
  '@jitl/*',
  'nodemailer',
  // Mail rendering (flows' mail operation), imported at its first use (decision 0124).
  'sanitize-html',
  'marked',
  'liquidjs',
  'openid-client',
  '@aws-sdk/*',
  'file-type',
  '@fastify/static',
  '@fastify/busboy',
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  'fast-json-stringify',
  'ajv',
  'ajv/*',
  'ajv-formats',
  'fast-uri',
  'light-my-request',
  'yaml',
  'pino',
  'pino-pretty',
];

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { outdir: { type: 'string' } } });
const outdir = values.outdir ? resolve(values.outdir) : join(root, 'dist');

if (resolve(outdir, '..') === outdir || resolve(outdir) === resolve(root)) throw new Error(`refusing to empty ${outdir}`);
rmSync(outdir, { recursive: true, force: true });
mkdirSync(outdir, { recursive: true });

await build({
  absWorkingDir: root,
  entryPoints: { stratum: 'src/cli/index.ts' },
  outdir,
  chunkNames: 'stratum-[hash]',
  bundle: true,
  splitting: true,
  external: EXTERNAL_PACKAGES,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // The bundled packages are CommonJS: their require() of Node's modules and of the external packages needs a
  // real require in an ES module.
  banner: {
    js: "import { createRequire as __stratumCreateRequire } from 'node:module'; const require = __stratumCreateRequire(import.meta.url);",
  },
  sourcemap: true,
  logLevel: 'warning',
});

// esbuild writes strings, regular expressions and names in ASCII (escapes), but keeps some comments (in class
// bodies, object and array literals) as they are: one "—" there makes V8 hold the whole chunk's source as a
// two-byte string, twice its size, for as long as the process lives (2.2 MB of idle heap for the two largest
// chunks; decision 0173). What is left outside ASCII is in comments only, so each such UTF-16 unit becomes one
// "?": the columns, and so the source maps, stay exact.
for (const name of readdirSync(outdir).filter((file) => file.endsWith('.js'))) {
  const file = join(outdir, name);
  const text = readFileSync(file, 'utf8');
  const ascii = text.replace(/[^\u0000-\u007f]/g, '?');
  if (ascii !== text) writeFileSync(file, ascii);
}
