import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const PREFIX = 'stratum-bundle-';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's server bundle (dist/stratum.js built from this checkout's src/), or '' where none was built. */
    stratumServerEntry: string;
  }
}

/** Whether a process with this id is alive. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Builds the server once per test run, as the image and `npm start` run it (scripts/bundle-server.mjs), into a folder
 * of the temporary directory laid out like the package (dist/, package.json, node_modules and app/dist beside it), and
 * answers its entry and a function that removes it. The processes the tests start (the CLI, cluster instances, the
 * browser tests' servers) run this bundle: a process through tsx spends seconds of CPU compiling src/ at every start,
 * which on a shared 2-core machine was most of those files' time (docs/testing.md). Folders left by runs whose
 * process is gone are removed first.
 */
export function buildServerBundle(project: string): { entry: string; remove: () => void } {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(/^stratum-bundle-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !alive(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
  const folder = join(tmpdir(), `${PREFIX}${process.pid}-${project}`);
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(join(folder, 'dist'), { recursive: true });
  mkdirSync(join(folder, 'app'));
  copyFileSync(join(root, 'package.json'), join(folder, 'package.json'));
  symlinkSync(join(root, 'node_modules'), join(folder, 'node_modules'));
  symlinkSync(join(root, 'app/dist'), join(folder, 'app/dist'));
  const built = spawnSync(process.execPath, [join(root, 'scripts/bundle-server.mjs'), '--outdir', join(folder, 'dist')], {
    cwd: root,
    encoding: 'utf8',
  });
  const entry = join(folder, 'dist/stratum.js');
  if (built.status !== 0 || !existsSync(entry)) throw new Error(`scripts/bundle-server.mjs failed:\n${built.stdout}${built.stderr}`);
  return { entry, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
