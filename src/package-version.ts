import { createRequire } from 'node:module';

/**
 * Stratum's version, from its package.json. This file sits one level below the package both as source (src/) and
 * in the build (dist/), so the path holds in both.
 */
export function packageVersion(): string {
  return (createRequire(import.meta.url)('../package.json') as { version: string }).version;
}
