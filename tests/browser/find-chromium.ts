import { existsSync } from 'node:fs';

/**
 * The Chromium the browser tests drive: CHROMIUM_PATH when set (only that one), else Debian's /usr/bin/chromium;
 * null when it does not exist.
 */
export function findChromium(): string | null {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  return existsSync(path) ? path : null;
}

/** CI sets STRATUM_REQUIRE_BROWSER=1: a missing Chromium is then a failure, not a skip. */
export function browserRequired(): boolean {
  return process.env.STRATUM_REQUIRE_BROWSER === '1' || process.env.STRATUM_REQUIRE_BROWSER === 'true';
}

export const SKIP_LINE = 'Browser tests skipped: no Chromium found (set CHROMIUM_PATH, or install it: apt-get install chromium).';
