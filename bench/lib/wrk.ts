/**
 * Load with wrk (Debian's `wrk`), for answers too large for autocannon: its JavaScript HTTP parser tops out
 * near 50 MB/s on this machine, so a 1 MB asset measured the client, not the server. GET only, 127.0.0.1 only.
 */
import { spawnSync } from 'node:child_process';
import { baseUrl, HOST } from './api-client.js';
import type { LoadResult } from './load.js';

export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error === undefined;
}

export function runWrk(
  port: number,
  path: string,
  headers: Record<string, string>,
  options: { connections: number; durationS: number },
): LoadResult {
  const url = `${baseUrl(port)}${path}`;
  if (new URL(url).hostname !== HOST) throw new Error('wrk may only target 127.0.0.1');
  const args = [
    '-t2',
    `-c${options.connections}`,
    `-d${options.durationS}s`,
    '--latency',
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    url,
  ];
  const result = spawnSync('wrk', args, { encoding: 'utf8', timeout: (options.durationS + 30) * 1000 });
  if (result.status !== 0) throw new Error(`wrk failed: ${result.stderr || result.stdout}`);
  const out = result.stdout;
  const total = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const seconds = Number(/requests in ([\d.]+)s/.exec(out)?.[1] ?? options.durationS);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const errors = [...out.matchAll(/(connect|read|write|timeout) (\d+)/g)].reduce((sum, match) => sum + Number(match[2]), 0);
  const ms = (label: string) => {
    const match = new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    if (!match) return 0;
    const value = Number(match[1]);
    return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
  };
  const ok = total - non2xx;
  return {
    okRps: ok / seconds,
    allRps: total / seconds,
    p50: ms('50'),
    p99: ms('99'),
    ok,
    non2xx,
    errors,
    statuses: {},
    durationS: seconds,
  };
}
