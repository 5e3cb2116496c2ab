import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_SCHEMA, loadConfig, STORAGE_LOCATION_SCHEMA } from '../../src/config/index.js';

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

  it('starts what `npm start` starts, as an unprivileged user, with a health check on /server/health', () => {
    expect(pkg.scripts.start).toBe(`node ${pkg.bin.stratum} start`);
    expect(dockerfile).toContain(`CMD ["node", "${pkg.bin.stratum}", "start"]`);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/server\/health/);
  });

  it('installs from the lock file and ships production dependencies only', () => {
    expect(dockerfile).toContain('RUN npm ci');
    expect(dockerfile).toContain('npm prune --omit=dev');
  });
});
