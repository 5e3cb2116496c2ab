import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchemaStore } from '../../engine/schema-overview/create-schema-store.js';
import { readSchemaVersion } from '../../engine/schema-overview/schema-version.js';
import { isAppError } from '../../kernel/errors/index.js';
import { createEngineFixture, type EngineFixture } from '../../../tests/support/engine-fixture.js';
import { createActivityRecorder } from '../activity/index.js';
import { createItemsService } from '../items/index.js';
import { runSchemaChange } from './run-schema-change.js';
import type { SchemaDeps } from './schema.types.js';

let fx: EngineFixture;
let deps: SchemaDeps;

beforeAll(async () => {
  fx = await createEngineFixture({ seed: false });
  deps = {
    items: createItemsService({ audit: createActivityRecorder(), behaviours: new Map() }),
    schemaStore: createSchemaStore(fx.knex, fx.dialect),
  };
});

afterAll(async () => {
  await fx?.close();
});

/** The error `work` makes runSchemaChange throw. */
async function failure(work: () => Promise<unknown>): Promise<unknown> {
  return runSchemaChange(await fx.ctx(), deps, { collection: 'things' }, work).then(
    () => new Error('the change succeeded'),
    (error: unknown) => error,
  );
}

describe('runSchemaChange: a failed change', () => {
  it('answers a driver error the dialect does not know as the change refused (400 INVALID_PAYLOAD), and rolls back', async () => {
    const before = await readSchemaVersion(fx.knex);
    const error = await failure(async () => {
      throw new Error('something the database said');
    });
    expect(isAppError(error) && error.code).toBe('INVALID_PAYLOAD');
    if (fx.dialect.transactionalDdl) expect(await readSchemaVersion(fx.knex)).toBe(before);
  });

  it('leaves a lost connection as it is, for the transports to answer 503 SERVICE_UNAVAILABLE (it is not the change refused)', async () => {
    const lost = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    expect(fx.dialect.isConnectionError(lost)).toBe(true);
    expect(await failure(async () => Promise.reject(lost))).toBe(lost);
  });
});
