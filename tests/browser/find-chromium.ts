import { existsSync } from 'node:fs';

/** The Chromium the browser tests drive: CHROMIUM_PATH, else Debian's /usr/bin/chromium; null when neither exists. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter((path): path is string => Boolean(path));
  return candidates.find((path) => existsSync(path)) ?? null;
}

/** CI sets STRATUM_REQUIRE_BROWSER=1: a missing Chromium is then a failure, not a skip. */
export function browserRequired(): boolean {
  return process.env.STRATUM_REQUIRE_BROWSER === '1' || process.env.STRATUM_REQUIRE_BROWSER === 'true';
}

export const SKIP_LINE = 'Browser tests skipped: no Chromium found (set CHROMIUM_PATH, or install it: apt-get install chromium).';
