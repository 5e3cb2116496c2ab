import { defineConfig } from 'vitest/config';

// Two projects: `unit` (tests beside the code in src/) and `integration` (tests/ that boot the whole app).
// TEST_DB=sqlite|postgres|mysql selects the database for both; each test file gets a fresh database.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['src/**/*.test.ts'], testTimeout: 20_000, hookTimeout: 60_000 } },
      {
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
    ],
  },
});
