// The second step of `npm run build`: bundles the compiled server's own modules into dist/stratum.js (plus a few
// chunks for what is loaded on first use), with every package left external. Node then loads a handful of files
// at start instead of about 330, which saves about a fifth of the start time and 8–10 MB of idle RSS
// (bench/RESULTS.md, "Start and idle memory"). The files sit directly in dist/, at the same depth as dist/app.js,
// so that paths relative to the module (../package.json, ../app/dist/) stay the same.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');

for (const name of readdirSync(dist, { withFileTypes: true })) {
  if (name.isFile() && name.name.startsWith('stratum')) rmSync(join(dist, name.name));
}

await build({
  absWorkingDir: root,
  entryPoints: { stratum: 'src/cli/index.ts' },
  outdir: dist,
  chunkNames: 'stratum-[hash]',
  bundle: true,
  splitting: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
