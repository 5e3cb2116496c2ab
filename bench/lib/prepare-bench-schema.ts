import { login } from './api-client.js';
import { createSchemaViaApi, type Target } from './seed.js';
import { createSchemaDirectly } from './stratum-schema-fallback.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, StratumServer, type StratumConfig } from './stratum-server.js';

/**
 * The bench's collection and relation in a fresh database of `tree`'s server: a first start (migrations and the
 * bootstrap), the schema through the API, a stop; what the API could not make (an older tree) is made directly.
 * For the per-request harnesses (bench:writes-cpu, bench:gc), which then start the server they measure.
 */
export async function prepareBenchSchema(options: {
  tree: string;
  workDir: string;
  db: StratumConfig['db'];
  target: Target;
}): Promise<void> {
  const { tree, workDir, db, target } = options;
  const first = new StratumServer({ repoRoot: tree, workDir, port: target.port, db, logName: 'first-start' });
  await first.start();
  const schema = await createSchemaViaApi(target, (await login(target.port, ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken);
  await first.stop();
  if (!schema.collection || !schema.relation)
    await createSchemaDirectly(db, { collection: !schema.collection, relation: !schema.relation });
}
