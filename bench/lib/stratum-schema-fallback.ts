/**
 * Until Stratum's /collections and /relations exist, the bench creates `bench_articles` in Stratum's database
 * directly (with Stratum stopped): the table, its service_collections row and the author relation row. The
 * rows themselves still go through the API.
 */
import knexFactory, { type Knex } from 'knex';
import { COLLECTION } from './seed.js';
import type { StratumConfig } from './stratum-server.js';

function connect(db: StratumConfig['db']): Knex {
  return db.client === 'sqlite'
    ? knexFactory({ client: 'better-sqlite3', connection: { filename: db.filename }, useNullAsDefault: true })
    : knexFactory({ client: 'pg', connection: db.connectionString });
}

export async function createSchemaDirectly(db: StratumConfig['db'], what: { collection: boolean; relation: boolean }): Promise<void> {
  const knex = connect(db);
  try {
    if (what.collection) {
      await knex.schema.createTable(COLLECTION, (table) => {
        table.increments('id');
        table.string('title', 255);
        table.string('status', 255).notNullable().defaultTo('draft');
        table.integer('views').defaultTo(0);
        table.uuid('author').nullable().references('id').inTable('service_users').onDelete('SET NULL');
      });
      await knex('service_collections').insert({ collection: COLLECTION, icon: 'article' });
    }
    if (what.relation) {
      await knex('service_relations').insert({ many_collection: COLLECTION, many_field: 'author', one_collection: 'service_users' });
    }
  } finally {
    await knex.destroy();
  }
}

/** A fresh PostgreSQL database for Stratum (dropped and created again). */
export async function recreatePostgresDatabase(adminConnection: string, database: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`unsafe database name ${database}`);
  const knex = knexFactory({ client: 'pg', connection: adminConnection });
  try {
    await knex.raw(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await knex.raw(`CREATE DATABASE ${database}`);
  } finally {
    await knex.destroy();
  }
}

/** Drops a PostgreSQL database that a benchmark created (connections to it closed by force). */
export async function dropPostgresDatabase(adminConnection: string, database: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`unsafe database name ${database}`);
  const knex = knexFactory({ client: 'pg', connection: adminConnection });
  try {
    await knex.raw(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  } finally {
    await knex.destroy();
  }
}

/**
 * `VACUUM ANALYZE` of a whole PostgreSQL database: the planner statistics and visibility map that autovacuum
 * would have made by itself a minute later. The bench seeds and then measures at once; without this, whether
 * autovacuum ran before a case (and which plan PostgreSQL picks for it) depends on timing. Run on every
 * server's database alike.
 */
export async function analyzePostgresDatabase(connection: string): Promise<void> {
  const knex = knexFactory({ client: 'pg', connection });
  try {
    await knex.raw('VACUUM ANALYZE');
  } finally {
    await knex.destroy();
  }
}
