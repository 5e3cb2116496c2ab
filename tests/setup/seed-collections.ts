import type { App } from '../../src/app.js';

/**
 * The fixed user-collection fixture every HTTP test file reuses (created directly in the database until
 * /collections exists):
 *
 * - `authors` (id, name required, email unique) with the o2m alias `articles`
 * - `articles` (id, title string(50) not null, slug unique, status default 'draft', rating integer,
 *   featured boolean, published_on date, happened_at date-time, opens_at time, external_id uuid, body text,
 *   metadata json stored as text
 *   (`cast-json`), author m2o → authors) with the o2m alias `comments`
 * - `comments` (id, body, article m2o → articles, nullable, so an unlinked comment stays)
 * - `home` (id, headline, intro): a singleton
 */
export async function seedCollections(app: App): Promise<void> {
  const { knex } = app;
  await knex.schema.createTable('authors', (table) => {
    table.increments('id');
    table.string('name', 100).notNullable();
    table.string('email', 100).unique();
  });
  await knex.schema.createTable('articles', (table) => {
    table.increments('id');
    table.string('title', 50).notNullable();
    table.string('slug', 50).unique();
    table.string('status', 20).notNullable().defaultTo('draft');
    table.integer('rating');
    table.boolean('featured').defaultTo(false);
    table.date('published_on');
    table.dateTime('happened_at');
    table.time('opens_at');
    table.uuid('external_id');
    table.text('body');
    table.text('metadata');
    table.integer('author').unsigned().nullable().references('id').inTable('authors');
  });
  await knex.schema.createTable('comments', (table) => {
    table.increments('id');
    table.text('body');
    table.integer('article').unsigned().nullable().references('id').inTable('articles').onDelete('SET NULL');
  });
  await knex.schema.createTable('home', (table) => {
    table.increments('id');
    table.string('headline', 100);
    table.text('intro');
  });

  // One row per insert: a multi-row insert would send NULL for the columns a row leaves out.
  for (const row of [
    { collection: 'authors' },
    { collection: 'articles' },
    { collection: 'comments' },
    { collection: 'home', singleton: true },
  ]) {
    await knex('service_collections').insert(row);
  }
  for (const row of [
    { collection: 'articles', field: 'metadata', special: 'cast-json' },
    { collection: 'articles', field: 'comments', special: 'o2m' },
    { collection: 'authors', field: 'articles', special: 'o2m' },
  ]) {
    await knex('service_fields').insert(row);
  }
  for (const row of [
    { many_collection: 'articles', many_field: 'author', one_collection: 'authors', one_field: 'articles' },
    { many_collection: 'comments', many_field: 'article', one_collection: 'articles', one_field: 'comments' },
  ]) {
    await knex('service_relations').insert(row);
  }
  app.schema.invalidate();
  app.permissions.invalidate();
}

/** Rows of a table straight from the database (bypasses the API). */
export async function countRows(app: App, table: string, where: Record<string, unknown> = {}): Promise<number> {
  const row = (await app.knex(table).where(where).count({ count: '*' }).first()) as { count: number | string } | undefined;
  return Number(row?.count ?? 0);
}
