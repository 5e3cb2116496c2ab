import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildServerBundle } from '../setup/server-bundle.js';
import { browserRequired, findChromium, SKIP_LINE } from './find-chromium.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Once per run of the browser project: without a Chromium, one line says the tests are skipped (or, with
 * STRATUM_REQUIRE_BROWSER=1, the run fails); with one, the admin app is built if its sources changed, so the
 * server processes the tests start serve the current app; then the server bundle those processes run is built from
 * src/ (tests/setup/server-bundle.ts).
 */
export default function setup(project: TestProject): (() => void) | undefined {
  project.provide('stratumServerEntry', '');
  if (!findChromium()) {
    if (browserRequired())
      throw new Error(
        `STRATUM_REQUIRE_BROWSER is set but no Chromium was found (CHROMIUM_PATH or /usr/bin/chromium). Install it: apt-get install chromium`,
      );
    console.log(SKIP_LINE);
    return undefined;
  }
  const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build-app.ts', '--strict'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The admin app did not build (scripts/build-app.ts); the browser tests need it.');
  const bundle = buildServerBundle(project.name);
  project.provide('stratumServerEntry', bundle.entry);
  return bundle.remove;
}
