import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Three projects: `unit` (tests beside the code in src/, app/src/ and scripts/), `integration` (tests/ that boot the whole
// app) and `browser` (tests/browser: the admin app in Chromium against a real server process; skipped with one
// line when no Chromium is found, see tests/browser/global-setup.ts).
// TEST_DB=sqlite|postgres|mysql selects the database for all of them; each test file gets a fresh database (in the
// integration project a copy of one template migrated per run: tests/setup/global-setup.ts, decision 0052).

/** The run's vendor, as tests/setup/test-database.ts reads TEST_DB (its coverage has its own figures and folder). */
const vendor = (() => {
  const value = (process.env.TEST_DB ?? 'sqlite').toLowerCase();
  if (value === 'postgres' || value === 'pg' || value === 'postgresql') return 'postgres';
  if (value === 'mysql' || value === 'mariadb') return 'mysql';
  return 'sqlite';
})();

/**
 * Coverage floors of src/ per vendor's suite (`--coverage`, on in CI): below these the run fails. Each vendor's
 * suite covers its own dialect's files and not the others', so each has its own figures, set from a full run by
 * scripts/coverage-floor.mjs (docs/testing.md).
 */
const COVERAGE_THRESHOLDS = JSON.parse(readFileSync(new URL('./tests/setup/coverage-thresholds.json', import.meta.url), 'utf8')) as Record<
  typeof vendor,
  { lines?: number; branches?: number; functions?: number; statements?: number }
>;

export default defineConfig({
  test: {
    // At least two test files at once, also on a 2-core machine (Vitest's default there is one): a file spends most
    // of its time waiting for its database, its server processes and its password hashes, not on a core. Every file
    // has its own database, Redis prefix and ports, so files never depend on what else runs (docs/testing.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Files run one after another in each fork on one module graph (the unit and integration projects): importing
    // each file's modules afresh was most of the time (the unit project's 206 files: 578 s against 104 s on a loaded
    // 2-core machine). Set here: Vitest 3 does not take `isolate` from a project's own options. No test mocks
    // modules; the one that fakes timers restores them.
    isolate: false,
    poolOptions: { forks: { isolate: false } },
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/**/*.d.ts'],
      reporter: ['text-summary', 'json-summary', 'html'],
      reportsDirectory: `coverage/${vendor}`,
      thresholds: COVERAGE_THRESHOLDS[vendor],
    },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'app/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          // Files run one after another in each fork on one module graph, as in the integration project: importing
          // each file's modules afresh was most of this project's time (206 files: 578 s against 104 s on a loaded
          // 2-core machine). No unit test mocks modules; the one that stubs globals and timers restores them.
          // One migrated template database per run, copied by the engine fixture (decision 0052).
          globalSetup: ['tests/setup/global-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'tests/browser/**'],
          // One migrated, bootstrapped template database per run, copied for each file (decision 0052).
          globalSetup: ['tests/setup/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // Files run one after another in each fork without a new module graph each: importing the whole app
          // through vite-node per file was most of a file's time on a loaded machine (decision 0052). Every file
          // makes its own app and database; no test file mocks modules.
          isolate: false,
          // graphql-ws through vite too, so it and the app share one graphql-js (vite gives the app graphql's ESM
          // build; Node would give graphql-ws the CommonJS one, whose GraphQLError is another class).
          server: { deps: { inline: ['graphql-ws'] } },
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/browser/global-setup.ts'],
          // A test is a whole user journey (several sign-ins, API set-up on PostgreSQL or MariaDB) on shared cores.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          pool: 'forks',
          // One file (one server process and one Chromium) at a time: the machine's cores are shared.
          poolOptions: { forks: { singleFork: true } },
          // The page answers in milliseconds, but `npm test` runs the other projects beside it: poll patiently.
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
