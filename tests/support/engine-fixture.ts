import type { Knex } from 'knex';
import pino from 'pino';
import { createTestDatabase, type TestVendor } from '../setup/test-database.js';
import { testConfig } from '../setup/test-config.js';
import type { Config } from '../../src/config/index.js';
import { closeDatabase, createDatabase } from '../../src/database/connection.js';
import type { Dialect } from '../../src/database/dialects/dialect.js';
import { runMigrations } from '../../src/database/migrations/run-migrations.js';
import { ADMIN_PERMISSIONS, type Context } from '../../src/engine/context.js';
import { indexRules } from '../../src/engine/permissions/create-permissions-engine.js';
import type { PermissionRule, PermissionSet } from '../../src/engine/permissions/permissions.types.js';
import { readByQuery, type ReadOptions } from '../../src/engine/query/read-by-query.js';
import type { Query, QueryResult } from '../../src/engine/query/query.types.js';
import { resolveVariables } from '../../src/engine/query/resolve-variables.js';
import { buildSchemaOverview } from '../../src/engine/schema-overview/build-schema-overview.js';
import type { SchemaOverview } from '../../src/engine/schema-overview/schema-overview.types.js';
import { createEventBus } from '../../src/kernel/events/index.js';
import { createCacheRegistry } from '../../src/kernel/caches/index.js';
import type { Accountability } from '../../src/kernel/context/index.js';
import { createFixtureSchema, FIXTURE_IDS } from './fixture-schema.js';
import { copyTemplate } from '../setup/template-database.js';
import { inject } from 'vitest';

export { FIXTURE_IDS, FIXTURE_ROWS } from './fixture-schema.js';

/** The fixed clock of fixture contexts (unless a test passes its own `now`). */
export const FIXTURE_NOW = new Date('2025-01-11T00:00:00.000Z');

export type ContextOptions = {
  /** Non-admin rules (dynamic variables are resolved for the accountability, as the permission engine does). */
  rules?: Partial<PermissionRule>[];
  /** A ready permission set instead of `rules` (default: ADMIN_PERMISSIONS). */
  permissions?: PermissionSet;
  accountability?: Partial<Accountability>;
  /** Overrides of `config.query` (limits, depth caps). */
  query?: Partial<Config['query']>;
  now?: Date;
};

export type EngineFixture = {
  vendor: TestVendor;
  knex: Knex;
  dialect: Dialect;
  schema: SchemaOverview;
  config: Config;
  /** A Context as the app builds one; admin unless `rules` or `permissions` say otherwise. */
  ctx(options?: ContextOptions): Promise<Context>;
  /** readByQuery with a context built from `options`. */
  read(collection: string, query: Query, options?: ContextOptions & ReadOptions): Promise<QueryResult>;
  /** Rebuilds `schema` after a test changed meta rows or tables. */
  refreshSchema(): Promise<void>;
  close(): Promise<void>;
};

/** A permission rule with defaults: all fields, no filter, no validation, no presets. */
export function rule(collection: string, action: PermissionRule['action'] = 'read', more: Partial<PermissionRule> = {}): PermissionRule {
  return { id: null, policy: null, collection, action, permissions: null, validation: null, presets: null, fields: ['*'], ...more };
}

/**
 * One test file's database: a fresh, migrated database of the run's vendor (TEST_DB) with the fixture
 * collections authors ← articles ← comments (see fixture-schema.ts), their meta and relations, two roles and
 * two users, and deterministic rows. `seed: false` gives the migrated database only.
 */
export async function createEngineFixture(options: { seed?: boolean; env?: Record<string, string> } = {}): Promise<EngineFixture> {
  // A copy of the run's migrated template (tests/setup/global-setup.ts) when there is one; migrations then find
  // nothing to do.
  const template = inject('stratumTemplate');
  const database = template && !template.bootstrapped ? await copyTemplate(template) : await createTestDatabase();
  const config = testConfig(database.db, options.env);
  const { knex, dialect } = await createDatabase(config.db);
  try {
    await runMigrations(knex, dialect);
    if (options.seed !== false) await createFixtureSchema(knex, dialect);
  } catch (error) {
    await closeDatabase(knex);
    await database.drop();
    throw error;
  }
  const logger = pino({ level: 'silent' });
  // One registry per fixture, as there is one per app (decision 0050).
  const caches = createCacheRegistry();
  const fixture: EngineFixture = {
    vendor: database.vendor,
    knex,
    dialect,
    schema: await buildSchemaOverview(knex, dialect),
    config,
    async ctx(ctxOptions = {}) {
      const accountability = makeAccountability(ctxOptions);
      const base = {
        db: knex,
        dialect,
        schema: fixture.schema,
        accountability,
        config: ctxOptions.query ? { ...config, query: { ...config.query, ...ctxOptions.query } } : config,
        logger,
        now: () => new Date(ctxOptions.now ?? FIXTURE_NOW),
        caches,
        events: createEventBus<Context>(logger),
        inTransaction: false,
        permissions: ADMIN_PERMISSIONS,
      } satisfies Context;
      if (ctxOptions.permissions) return { ...base, permissions: ctxOptions.permissions };
      if (!ctxOptions.rules) return base;
      const rules = ctxOptions.rules.map((r) => rule(r.collection ?? '', r.action ?? 'read', r));
      return { ...base, permissions: indexRules(await resolveVariables(base, rules)) };
    },
    async read(collection, query, readOptions = {}) {
      return readByQuery(await fixture.ctx(readOptions), collection, query, { scope: readOptions.scope });
    },
    async refreshSchema() {
      fixture.schema = await buildSchemaOverview(knex, dialect);
    },
    async close() {
      await closeDatabase(knex);
      await database.drop();
    },
  };
  return fixture;
}

function makeAccountability(options: ContextOptions): Accountability {
  const admin = !options.rules && (!options.permissions || options.permissions.admin);
  return {
    user: admin ? null : FIXTURE_IDS.userAda,
    role: admin ? null : FIXTURE_IDS.roleEditor,
    roles: admin ? [] : [FIXTURE_IDS.roleStaff, FIXTURE_IDS.roleEditor],
    policies: [],
    admin,
    app: admin,
    ip: null,
    userAgent: null,
    origin: null,
    session: null,
    ...options.accountability,
  };
}

/** The primary keys of a result, in order. */
export function idsOf(result: QueryResult | Record<string, unknown>[], key = 'id'): unknown[] {
  const rows = Array.isArray(result) ? result : result.data;
  return rows.map((row) => row[key]);
}
