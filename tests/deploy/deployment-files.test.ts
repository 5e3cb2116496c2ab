import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_SCHEMA, loadConfig, STORAGE_LOCATION_SCHEMA, v8Flags } from '../../src/config/index.js';

/**
 * The files of docs/deployment.md agree with each other and with the server, checked without Docker (which
 * does not run on the test machines): every instance's environment is valid configuration, the instances share
 * what they must, HAProxy balances over exactly the instances, and the image starts what `npm start` starts.
 */

const deploy = (file: string) => readFileSync(join(import.meta.dirname, '../../deploy', file), 'utf8');

type Service = {
  environment?: Record<string, string>;
  volumes?: string[];
  depends_on?: unknown;
  image?: string;
  build?: { dockerfile?: string };
};
const compose = parse(deploy('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const instances = Object.entries(compose.services).filter(([name]) => name.startsWith('stratum-'));

/** Compose's `${NAME:?message}` and `${NAME:-default}`: the example values a user would put in deploy/.env. */
function interpolate(value: string): string {
  const example: Record<string, string> = {
    SECRET: 'a-long-random-secret-of-at-least-32-characters!',
    DB_PASSWORD: 'pw',
    ADMIN_PASSWORD: 'AdminPass123!',
  };
  return value.replace(/\$\{(\w+)(?::[?-]([^}]*))?\}/g, (_, name: string, fallback: string | undefined) => example[name] ?? fallback ?? '');
}

describe('deploy/compose.yaml', () => {
  it('runs three instances of one image, after PostgreSQL and Redis are healthy', () => {
    expect(instances.map(([name]) => name)).toEqual(['stratum-1', 'stratum-2', 'stratum-3']);
    for (const [, service] of instances) {
      expect(service.build?.dockerfile).toBe('deploy/Dockerfile');
      expect(service.depends_on).toEqual({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
    }
  });

  it('gives every instance the same, valid configuration: known names only, PostgreSQL, one SECRET, Redis counters, one uploads volume', () => {
    const known = new Set(CONFIG_SCHEMA.map((spec) => spec.name));
    // Per-location settings are checked by loadConfig itself (an unknown STORAGE_<NAME>_* key stops the start).
    for (const spec of STORAGE_LOCATION_SCHEMA) known.add(`STORAGE_LOCAL_${spec.key}`);
    const environments = instances.map(([, service]) =>
      Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))])),
    );
    for (const env of environments) {
      expect(Object.keys(env).filter((name) => !known.has(name))).toEqual([]);
      const config = loadConfig(env, { readDotEnv: false });
      expect(config.db.client).toBe('pg');
      expect(config.secretGenerated).toBe(false);
      expect(config.rateLimiter.store).toBe('redis');
      expect(config.server.ipTrustProxy).toBe(true);
      expect(env).toEqual(environments[0]);
      const [location] = config.files.locations;
      expect(location).toMatchObject({ driver: 'local', root: '/app/uploads' });
    }
    for (const [, service] of instances) expect(service.volumes).toEqual(['uploads:/app/uploads']);
  });

  it('refuses to start without SECRET, DB_PASSWORD and ADMIN_PASSWORD (compose `:?`)', () => {
    const raw = instances[0]![1].environment!;
    for (const name of ['SECRET', 'DB_PASSWORD', 'ADMIN_PASSWORD']) expect(raw[name]).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
  });
});

describe('deploy/haproxy.cfg', () => {
  const cfg = deploy('haproxy.cfg');

  it('balances over exactly the compose instances, on the port they listen on', () => {
    const servers = [...cfg.matchAll(/^\s*server\s+([\w.-]+)\s+([\w.-]+):(\d+)/gm)].map((m) => `${m[2]}:${m[3]}`);
    expect(servers).toEqual(instances.map(([name]) => `${name}:8055`));
  });

  it('checks /server/health often enough to take a draining instance out before its GRACEFUL_SHUTDOWN_DELAY ends', () => {
    expect(cfg).toMatch(/option httpchk GET \/server\/health/);
    expect(cfg).toMatch(/http-check expect status 200/);
    const inter = Number(/inter (\d+)s/.exec(cfg)?.[1]);
    const fall = Number(/fall (\d+)/.exec(cfg)?.[1]);
    const delay = loadConfig(instances[0]![1].environment as Record<string, string>, { readDotEnv: false }).server.gracefulShutdownDelay;
    expect(inter * fall * 1000 * 2).toBeLessThanOrEqual(delay);
  });

  it('passes the client address and retries only requests that never reached an instance', () => {
    expect(cfg).toMatch(/option forwardfor/);
    expect(cfg).toMatch(/retry-on conn-failure\n/);
  });

  it('listens on the port compose publishes', () => {
    const compose = deploy('compose.yaml');
    const bind = /bind :(\d+)/.exec(cfg)?.[1];
    expect(compose).toContain(`- "8080:${bind}"`);
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = deploy('Dockerfile');
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as {
    bin: Record<string, string>;
    scripts: Record<string, string>;
  };

  // The V8 flags of the configuration's defaults (HEAP_GROWING_PERCENT, HEAP_YOUNG_GENERATION_MB), on node's command line.
  const flags = v8Flags(loadConfig({}, { readDotEnv: false }).server);

  it("starts what `npm start` starts, with the defaults' V8 flags on node's command line, as an unprivileged user, with a health check on /server/health", () => {
    expect(flags).toEqual(['--heap-growing-percent=25', '--max-semi-space-size=8', '--no-allocation-site-pretenuring']);
    expect(pkg.scripts.start).toBe(`node ${flags.join(' ')} ${pkg.bin.stratum} start`);
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(JSON.parse(cmd!)).toEqual(['node', ...flags, pkg.bin.stratum, 'start']);
    expect(dockerfile).not.toMatch(/NODE_OPTIONS/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/server\/health/);
  });

  it("runs the same two builds as `npm start`'s prestart, the server bundle and the admin app, and ships both outputs", () => {
    // prestart: the bundle when the sources changed (the script `npm run build` runs after its type check), then the app.
    expect(pkg.scripts.prestart).toBe('node scripts/build-server-if-changed.mjs && node --import tsx scripts/build-app.ts');
    expect(readFileSync(join(import.meta.dirname, '../../scripts/build-server-if-changed.mjs'), 'utf8')).toContain(
      "join(root, 'scripts/bundle-server.mjs')",
    );
    expect(pkg.scripts.build).toBe('tsc -p tsconfig.build.json && node scripts/bundle-server.mjs');
    expect(pkg.scripts['build:app']).toBe('node --import tsx scripts/build-app.ts');
    const run = /^RUN npm run build .*$/m.exec(dockerfile)?.[0];
    expect(run).toBe('RUN npm run build && npm run build:app -- --force --strict && npm prune --omit=dev');
    for (const input of ['src ./src', 'app ./app', 'scripts/bundle-server.mjs scripts/build-app.ts ./scripts/'])
      expect(dockerfile).toContain(`COPY ${input}`);
    expect(dockerfile).toContain('COPY --from=build --chown=node:node /app/dist ./dist');
    expect(dockerfile).toContain('COPY --from=build --chown=node:node /app/app/dist ./app/dist');
  });

  it('builds one output: tsc only type-checks, the bundle is what runs', () => {
    const build = JSON.parse(readFileSync(join(import.meta.dirname, '../../tsconfig.build.json'), 'utf8')) as {
      compilerOptions: Record<string, unknown>;
    };
    expect(build.compilerOptions.noEmit).toBe(true);
    expect(build.compilerOptions.outDir).toBeUndefined();
    expect(pkg.bin.stratum).toBe('dist/stratum.js');
  });

  it('installs from the lock file and ships production dependencies only', () => {
    expect(dockerfile).toContain('RUN npm ci');
    expect(dockerfile).toContain('npm prune --omit=dev');
  });
});
