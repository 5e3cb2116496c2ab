/**
 * Command-line options of `npm run bench`.
 */
import { parseArgs } from 'node:util';
import { CASES } from './cases.js';

export type Options = {
  db: 'sqlite' | 'postgres';
  durationS: number;
  warmupS: number;
  connections: number;
  only: string[] | undefined;
  build: boolean;
  directus: boolean;
  profile: boolean;
  /** Extra Node.js flags for the Stratum process (e.g. V8 heap settings, to measure them). */
  nodeArgs: string[];
  /** Extra settings in Stratum's environment (`--env KEY=VALUE,KEY=VALUE`). */
  env: Record<string, string>;
  quietWaitS: number;
  ports: { stratum: number; directus: number; floor: number };
  /** Stratum's PostgreSQL database (dropped and created again by each run). */
  pgDatabase: string;
  args: string[];
};

export const USAGE = `npm run bench [-- options]

  --db sqlite|postgres    database of both servers (default sqlite)
  --duration <s>          seconds of load per case and server (default 10)
  --warmup <s>            seconds of warm-up before each load (default 2)
  --connections <n>       concurrent connections (default 10)
  --only <case,...>       run only these cases: ${CASES.map((c) => c.id).join(', ')}
  --no-build              do not run tsc first (use dist/ as it is)
  --no-directus           Stratum and the floor only (no ratios; for profiling)
  --quiet-wait <s>        before each load, wait up to this long for other processes to use < 0.5 CPU
                          (default 10; 0: do not wait)
  --profile               run Stratum with --cpu-prof; prints the top self-time functions at the end
  --node-args=<flags>     extra Node.js flags for Stratum's process, space-separated (to measure a setting)
  --env KEY=VALUE,...     extra settings in Stratum's environment (to measure one, e.g. HEAP_GROWING_PERCENT=0)
  --stratum-port, --directus-port, --floor-port   (default 8165, 8057, 8167)
  --pg-database <name>    Stratum's PostgreSQL database, dropped and created again (default stratum_bench)

A run with --only or --no-directus prints its table and writes bench/.work/last-run.md; a full run also
replaces its database's section of bench/RESULTS.md.`;

function positiveNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} must be a positive number, got ${value}`);
  return n;
}

export function parseOptions(argv: string[]): Options | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: 'string', default: 'sqlite' },
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      only: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
      'no-directus': { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
      'node-args': { type: 'string' },
      env: { type: 'string' },
      'quiet-wait': { type: 'string' },
      'stratum-port': { type: 'string' },
      'directus-port': { type: 'string' },
      'floor-port': { type: 'string' },
      'pg-database': { type: 'string', default: 'stratum_bench' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const db = values.db === 'postgres' || values.db === 'pg' ? 'postgres' : values.db === 'sqlite' ? 'sqlite' : undefined;
  if (!db) throw new Error(`--db must be sqlite or postgres, got ${values.db}`);
  const only = values.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const id of only ?? []) {
    if (!CASES.some((c) => c.id === id)) throw new Error(`unknown case "${id}"; cases: ${CASES.map((c) => c.id).join(', ')}`);
  }
  return {
    db,
    durationS: positiveNumber('duration', values.duration, 10),
    warmupS: positiveNumber('warmup', values.warmup, 2),
    connections: Math.round(positiveNumber('connections', values.connections, 10)),
    only,
    build: !values['no-build'],
    directus: !values['no-directus'],
    profile: values.profile,
    nodeArgs: values['node-args']?.split(/\s+/).filter(Boolean) ?? [],
    env: settings(values.env, ','),
    quietWaitS: values['quiet-wait'] === '0' ? 0 : positiveNumber('quiet-wait', values['quiet-wait'], 10),
    ports: {
      stratum: positiveNumber('stratum-port', values['stratum-port'], 8165),
      directus: positiveNumber('directus-port', values['directus-port'], 8057),
      floor: positiveNumber('floor-port', values['floor-port'], 8167),
    },
    pgDatabase: values['pg-database'],
    args: argv,
  };
}

/**
 * Settings written `KEY=VALUE`, `separator` between them (`--env`, a tree's entry of `--tree-env`), as an
 * environment: a value keeps any `=` after the first; empty entries are skipped.
 */
export function settings(text: string | undefined, separator: string): Record<string, string> {
  const pairs = (text ?? '').split(separator).filter(Boolean);
  return Object.fromEntries(pairs.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}
