// `npm start`'s first step: bundles the server (scripts/bundle-server.mjs → dist/stratum.js) only when a source or
// a config file changed since the last bundle, so a second start with nothing changed does not wait for esbuild.
// No type check here: `npm run build` and CI run tsc (decision 0053). Plain JavaScript: it runs before anything
// is built.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(fileURLToPath(import.meta.url), '../..');
// The bundle's entry: bundle-server.mjs writes it anew on every build, so its time is the build's.
const entry = join(root, 'dist/stratum.js');

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)));
  return latest;
}

let built = 0;
try {
  built = statSync(entry).mtimeMs;
} catch {
  // never built
}
const inputs = ['src', 'shared', 'tsconfig.json', 'package.json', 'scripts/bundle-server.mjs'].map((name) => newest(join(root, name)));
if (built > 0 && Math.max(...inputs) <= built) {
  console.log('Server: up to date (dist/).');
  process.exit(0);
}
// Said before the wait, so a first start does not look stuck.
console.log(built > 0 ? 'Server: bundling (src/ changed since the last build)…' : 'Server: bundling (first start)…');
const started = Date.now();
const bundle = spawnSync(process.execPath, [join(root, 'scripts/bundle-server.mjs')], { cwd: root, stdio: 'inherit' });
if (bundle.status === 0) console.log(`Server: bundled in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
process.exit(bundle.status ?? 1);
