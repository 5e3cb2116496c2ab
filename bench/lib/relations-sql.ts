/**
 * The hand-written floor of `npm run bench:relations`: one SQL statement per vendor that returns the whole
 * answer, as JSON text, of `GET /items/articles?fields=*,tags.tags_id.name,author.name&limit=…&offset=…`
 * (`{"data":[…]}`) or of its GraphQL twin (`{"data":{"articles":[…]}}`). Articles by id, each article's tags
 * in junction-row order; the database builds the JSON (json_object/json_group_array, json_build_object/json_agg).
 * GraphQL answers ids as strings (the ID type). The page of articles is taken first, in a subquery, so that the
 * tags are built for its rows only (PostgreSQL computes a select list's subqueries for the rows OFFSET skips).
 * Parameters: limit, offset.
 */
export type Shape = 'rest' | 'graphql';

export function sqliteStatement(shape: Shape): string {
  const tags = `(SELECT json_group_array(json_object('tags_id', json(CASE WHEN t.id IS NULL THEN NULL ELSE json_object('name', t.name) END)))
      FROM (SELECT t.id, t.name FROM articles_tags j LEFT JOIN tags t ON t.id = j.tags_id WHERE j.articles_id = a.id ORDER BY j.id) t)`;
  const list = `json_group_array(json(p.j))`;
  return `SELECT ${shape === 'rest' ? `json_object('data', ${list})` : `json_object('data', json_object('articles', ${list}))`} AS body FROM (
    SELECT json_object('id', ${shape === 'rest' ? 'a.id' : 'CAST(a.id AS TEXT)'}, 'title', a.title, 'status', a.status, 'views', a.views,
      'author', json(CASE WHEN w.id IS NULL THEN NULL ELSE json_object('name', w.name) END),
      'tags', json(${tags})) AS j
    FROM (SELECT * FROM articles ORDER BY id LIMIT ? OFFSET ?) a LEFT JOIN authors w ON w.id = a.author ORDER BY a.id) p`;
}

export function postgresStatement(shape: Shape): string {
  const tags = `(SELECT coalesce(json_agg(json_build_object('tags_id', CASE WHEN t.id IS NULL THEN NULL ELSE json_build_object('name', t.name) END) ORDER BY j.id), '[]'::json)
      FROM articles_tags j LEFT JOIN tags t ON t.id = j.tags_id WHERE j.articles_id = a.id)`;
  const list = `coalesce(json_agg(p.j ORDER BY p.id), '[]'::json)`;
  return `SELECT ${shape === 'rest' ? `json_build_object('data', ${list})` : `json_build_object('data', json_build_object('articles', ${list}))`}::text AS body FROM (
    SELECT a.id, json_build_object('id', ${shape === 'rest' ? 'a.id' : 'a.id::text'}, 'title', a.title, 'status', a.status, 'views', a.views,
      'author', CASE WHEN w.id IS NULL THEN NULL ELSE json_build_object('name', w.name) END,
      'tags', ${tags}) AS j
    FROM (SELECT * FROM articles ORDER BY id LIMIT $1 OFFSET $2) a LEFT JOIN authors w ON w.id = a.author) p`;
}
