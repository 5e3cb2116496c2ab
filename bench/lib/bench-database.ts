import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import knexFactory from 'knex';

export type BenchVendor = 'sqlite' | 'postgres' | 'mysql';

/** A fresh, randomly named database for one benchmark run: its DB_* variables and how to drop it again. */
export async function createBenchDatabase(
  vendor: string,
  workFolder: string,
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const name = `stratum_bench_${randomBytes(4).toString('hex')}`;
  if (vendor === 'postgres') {
    const admin = () =>
      knexFactory({ client: 'pg', connection: { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' } });
    await withAdmin(admin, `CREATE DATABASE ${name}`);
    return {
      env: { DB_CLIENT: 'pg', DB_CONNECTION_STRING: `postgres://postgres@127.0.0.1:5432/${name}` },
      drop: () => withAdmin(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  if (vendor === 'mysql') {
    const admin = () => knexFactory({ client: 'mysql2', connection: { host: '127.0.0.1', port: 3306, user: 'root' } });
    await withAdmin(admin, `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    return {
      env: { DB_CLIENT: 'mysql', DB_HOST: '127.0.0.1', DB_PORT: '3306', DB_USER: 'root', DB_DATABASE: name },
      drop: () => withAdmin(admin, `DROP DATABASE IF EXISTS \`${name}\``),
    };
  }
  const folder = join(workFolder, name);
  mkdirSync(folder, { recursive: true });
  return { env: { DB_FILENAME: join(folder, 'data.db') }, drop: async () => rmSync(folder, { recursive: true, force: true }) };
}

async function withAdmin(connect: () => ReturnType<typeof knexFactory>, sql: string): Promise<void> {
  const admin = connect();
  try {
    await admin.raw(sql);
  } finally {
    await admin.destroy();
  }
}
