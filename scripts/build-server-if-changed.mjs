// `npm start`'s first step: compiles the server (tsc -p tsconfig.build.json) only when a source or a config
// file changed since the last build, so a second start with nothing changed does not wait for tsc (about 3 s
// even when incremental). Plain JavaScript: it runs before anything is compiled.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '../..');
const stamp = join(root, 'dist/.tsbuildinfo');

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

let built = 0;
try {
  built = statSync(stamp).mtimeMs;
} catch {
  // never built
}
const inputs = ['src', 'tsconfig.json', 'tsconfig.build.json', 'package.json', 'scripts/bundle-server.mjs'].map((name) =>
  newest(join(root, name)),
);
if (built > 0 && Math.max(...inputs) <= built && existsSync(join(root, 'dist/stratum.js'))) process.exit(0);
const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
  cwd: root,
  stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
// Then the bundle that `npm start` runs (dist/stratum.js).
const bundle = spawnSync(process.execPath, [join(root, 'scripts/bundle-server.mjs')], { cwd: root, stdio: 'inherit' });
// tsc leaves its build info alone when the output did not change: mark this build as the newest.
if (bundle.status === 0) utimesSync(stamp, new Date(), new Date());
process.exit(bundle.status ?? 1);
