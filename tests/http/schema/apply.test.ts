import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { stringify } from 'yaml';
import { call, ok, seedSchema, snapshotOf, upload, type Json } from './schema-test-helpers.js';

/** A trigger that makes the database refuse a service_relations row for `many_field` (a failure at the last step). */
async function refuseRelation(t: TestApp, manyField: string): Promise<void> {
  const knex = t.app.knex;
  if (t.vendor === 'sqlite') {
    await knex.raw(
      `CREATE TRIGGER refuse_relation BEFORE INSERT ON service_relations WHEN NEW.many_field = '${manyField}' BEGIN SELECT RAISE(ABORT, 'refused by a test trigger'); END`,
    );
  } else if (t.vendor === 'postgres') {
    await knex.raw(
      `CREATE FUNCTION refuse_relation() RETURNS trigger AS $$ BEGIN IF NEW.many_field = '${manyField}' THEN RAISE EXCEPTION 'refused by a test trigger'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`,
    );
    await knex.raw('CREATE TRIGGER refuse_relation BEFORE INSERT ON service_relations FOR EACH ROW EXECUTE FUNCTION refuse_relation()');
  } else {
    await knex.raw(
      `CREATE TRIGGER refuse_relation BEFORE INSERT ON service_relations FOR EACH ROW BEGIN IF NEW.many_field = '${manyField}' THEN SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = 'refused by a test trigger'; END IF; END`,
    );
  }
}

/** The seed schema without `site` and `authors.bio`, plus a new collection `drafts` with a relation to authors. */
function edited(snapshot: Json): Json {
  const next = structuredClone(snapshot);
  next.collections = next.collections.filter((c: Json) => c.collection !== 'site');
  next.fields = next.fields.filter((f: Json) => f.collection !== 'site' && !(f.collection === 'authors' && f.field === 'bio'));
  next.relations = next.relations.filter((r: Json) => r.collection !== 'site');
  const tags = next.collections.find((c: Json) => c.collection === 'tags');
  next.collections.push({
    ...tags,
    collection: 'drafts',
    meta: { ...tags.meta, collection: 'drafts', group: null },
    schema: { name: 'drafts' },
  });
  const id = structuredClone(next.fields.find((f: Json) => f.collection === 'tags' && f.field === 'id'));
  const writer = structuredClone(next.fields.find((f: Json) => f.collection === 'articles' && f.field === 'author'));
  for (const [field, name] of [
    [id, 'id'],
    [writer, 'writer'],
  ] as const) {
    Object.assign(field, { collection: 'drafts', field: name });
    Object.assign(field.meta, { collection: 'drafts', field: name });
    Object.assign(field.schema, { table: 'drafts', name });
  }
  const extra = structuredClone(next.fields.find((f: Json) => f.collection === 'authors' && f.field === 'code'));
  Object.assign(extra, { field: 'extra' });
  Object.assign(extra.meta, { field: 'extra', sort: 30 });
  Object.assign(extra.schema, { name: 'extra', is_indexed: false, default_value: null });
  next.fields.push(id, writer, extra);
  const relation = structuredClone(next.relations.find((r: Json) => r.collection === 'articles' && r.field === 'author'));
  Object.assign(relation, { collection: 'drafts', field: 'writer' });
  Object.assign(relation.meta, { many_collection: 'drafts', many_field: 'writer', one_field: null });
  Object.assign(relation.schema, { table: 'drafts', column: 'writer' });
  next.relations.push(relation);
  return next;
}

describe('POST /schema/apply', () => {
  let t: TestApp;
  let before: { text: string; json: Json };
  let diff: Json;

  beforeAll(async () => {
    t = await createTestApp();
    await seedSchema(t);
    before = await snapshotOf(t);
    diff = (await ok(t, 'POST', '/schema/diff', edited(before.json))).data as Json;
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    expect((await snapshotOf(t)).text).toBe(before.text);
  });

  it('is for administrators only', async () => {
    const user = await t.userWith({ permissions: [{ collection: 'service_collections', action: 'read' }] });
    for (const token of [null, user.token]) {
      expect((await call(t, 'GET', '/schema/snapshot', undefined, token)).status).toBe(403);
      expect((await call(t, 'POST', '/schema/diff', before.json, token)).status).toBe(403);
      expect((await call(t, 'POST', '/schema/apply', diff, token)).status).toBe(403);
    }
  });

  it('answers a dry run with the ordered plan and its statements, and changes nothing', async () => {
    const answer = await call(t, 'POST', '/schema/apply?dry_run=true', diff);
    expect(answer.status).toBe(200);
    const { steps, hash, dry_run } = answer.body.data;
    expect(hash).toBe(diff.hash);
    expect(dry_run).toBe(true);
    expect(steps.map((s: Json) => `${s.action} ${s.kind} ${s.collection}${s.field ? `.${s.field}` : ''}`)).toEqual([
      'delete field authors.bio',
      'delete collection site',
      'create collection drafts',
      'create field authors.extra',
      'create relation drafts.writer',
    ]);
    expect(steps.filter((s: Json) => s.destructive).length).toBe(2);
    expect(steps[2].fields).toEqual(['id', 'writer']);
    if (t.vendor === 'mysql') expect(answer.body.data.note).toContain('scratch copy');
    expect(steps.every((s: Json) => s.sql.length > 0)).toBe(true);
    expect(steps[2].sql.map((s: Json) => s.sql).join('\n')).toMatch(/create table ["`]drafts["`]/i);
    expect(steps[4].sql.map((s: Json) => s.sql).join('\n')).toMatch(/foreign key/i);
  });

  it('shows only the DDL and the meta rows in a dry run: no transaction control, no activity or revisions', async () => {
    const answer = await call(t, 'POST', '/schema/apply?dry_run=true', diff);
    const statements: string[] = answer.body.data.steps.flatMap((s: Json) => s.sql.map((q: Json) => q.sql as string));
    expect(statements.filter((sql) => /^\s*(savepoint|release|rollback|begin|commit|start transaction)\b/i.test(sql))).toEqual([]);
    expect(statements.filter((sql) => /service_(activity|revisions)/i.test(sql))).toEqual([]);
    // The meta rows are part of the change: each step writes its own.
    expect(statements.some((sql) => /^\s*insert into ["`]service_collections["`]/i.test(sql))).toBe(true);
    expect(statements.some((sql) => /^\s*insert into ["`]service_fields["`]/i.test(sql))).toBe(true);
    expect(statements.some((sql) => /^\s*insert into ["`]service_relations["`]/i.test(sql))).toBe(true);
    expect(statements.some((sql) => /^\s*delete from ["`]service_fields["`]/i.test(sql))).toBe(true);
  });

  it('takes the diff as an uploaded YAML file too', async () => {
    const answer = await upload(t, '/schema/apply?dry_run=true', [
      { name: 'diff.yaml', content: stringify(diff), type: 'application/yaml' },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.data.steps).toHaveLength(5);
  });

  it('refuses a stale hash, naming the conflicting item when there is one', async () => {
    const stale = { ...diff, hash: '0'.repeat(40) };
    const generic = await call(t, 'POST', '/schema/apply', stale);
    expect(generic.status).toBe(400);
    expect(generic.message).toContain("Provided hash does not match the current instance's schema hash");

    const create = structuredClone(diff);
    create.diff.collections.push({
      collection: 'tags',
      diff: [{ kind: 'N', rhs: before.json.collections.find((c: Json) => c.collection === 'tags') }],
    });
    expect((await call(t, 'POST', '/schema/apply', create)).message).toBe(
      'Invalid payload. Provided diff is trying to create collection "tags" but it already exists. Please generate a new diff and try again.',
    );
    const remove = structuredClone(diff);
    remove.diff.fields.push({ collection: 'authors', field: 'nope', diff: [{ kind: 'D', lhs: {} }] });
    expect((await call(t, 'POST', '/schema/apply', remove)).message).toContain(
      'trying to delete field "authors.nope" but it does not exist',
    );
    const update = structuredClone(diff);
    update.diff.fields.push({
      collection: 'authors',
      field: 'name',
      diff: [{ kind: 'E', path: ['schema', 'max_length'], lhs: 99, rhs: 100 }],
    });
    expect((await call(t, 'POST', '/schema/apply', update)).message).toContain(
      'trying to update field "authors.name" but its "schema.max_length" is not what the diff expects',
    );
  });

  it('refuses entries that do not fit, naming the item, before changing anything', async () => {
    const cases: [string, (d: Json) => void, string][] = [
      [
        'unknown type',
        (d) =>
          d.diff.fields.push({
            collection: 'authors',
            field: 'name',
            diff: [{ kind: 'E', path: ['type'], lhs: 'string', rhs: 'geometry' }],
          }),
        'Field "authors.name": "type" must be one of',
      ],
      [
        'relation to a missing collection',
        (d) => (d.diff.relations.find((r: Json) => r.field === 'writer').diff[0].rhs.related_collection = 'ghosts'),
        'points at collection "ghosts", which does not exist',
      ],
      ['bad kind', (d) => (d.diff.fields[0].diff[0].kind = 'X'), '"kind" must be one of [N, D, E, A]'],
      ['no hash', (d) => delete d.hash, '"hash" is required'],
      [
        'prototype path',
        (d) => d.diff.fields.push({ collection: 'authors', field: 'name', diff: [{ kind: 'N', path: ['__proto__', 'polluted'], rhs: 1 }] }),
        'must not name a prototype key',
      ],
      [
        'default too long',
        (d) =>
          d.diff.fields.push({
            collection: 'authors',
            field: 'name',
            diff: [{ kind: 'E', path: ['schema', 'default_value'], lhs: 'Anonymous', rhs: 'x'.repeat(121) }],
          }),
        'longer than its maximum length (120)',
      ],
      [
        'primary key change',
        (d) =>
          d.diff.fields.push({
            collection: 'articles',
            field: 'id',
            diff: [{ kind: 'E', path: ['schema', 'is_primary_key'], lhs: true, rhs: false }],
          }),
        'The primary key of collection "articles" can\'t change',
      ],
      [
        'meta of the wrong kind',
        (d) =>
          d.diff.collections.push({
            collection: 'authors',
            diff: [
              {
                kind: 'E',
                path: ['meta'],
                lhs: before.json.collections.find((c: Json) => c.collection === 'authors').meta,
                rhs: { hidden: 'yes' },
              },
            ],
          }),
        '"meta.hidden" of collection "authors" must be a boolean',
      ],
    ];
    for (const [name, change, message] of cases) {
      const bad = structuredClone(diff);
      change(bad);
      const answer = await call(t, 'POST', '/schema/apply', bad);
      expect(answer.status, name).toBe(400);
      expect(answer.message, name).toContain(message);
    }
    expect((await snapshotOf(t)).text).toBe(before.text);
  });

  it('refuses changes the stored rows do not allow, before the first statement', async () => {
    await ok(t, 'POST', '/items/authors', { name: 'Ada', bio: null });
    const notNull = structuredClone(diff);
    notNull.diff.fields.push({
      collection: 'authors',
      field: 'name',
      diff: [{ kind: 'E', path: ['schema', 'is_nullable'], lhs: false, rhs: false }],
    });
    const noDefault = structuredClone(diff);
    const extra = noDefault.diff.fields.find((f: Json) => f.field === 'extra').diff[0].rhs;
    extra.schema.is_nullable = false;
    const answer = await call(t, 'POST', '/schema/apply', noDefault);
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('CONTAINS_NULL_VALUES');
    expect(answer.message).toContain('Field "extra" in collection "authors" contains null values');
    await t.app.knex('authors').delete();
  });

  it('leaves nothing behind when a late step fails (one transaction), or names what stays on MySQL', async () => {
    await refuseRelation(t, 'writer');
    try {
      const answer = await call(t, 'POST', '/schema/apply', diff);
      expect(answer.status).toBe(400);
      expect(answer.message).toContain('Step 5 of 5 (create relation "drafts.writer") failed');
      if (t.vendor === 'mysql') {
        expect(answer.message).toContain('Steps 1 to 4 were applied and stay applied');
        return;
      }
      expect(answer.message).toContain('Nothing was changed');
      expect(await t.app.dialect.listTables(t.app.knex)).toContain('site');
      expect(await t.app.dialect.listTables(t.app.knex)).not.toContain('drafts');
      const columns = (await t.app.dialect.listColumns(t.app.knex, 'authors')).map((c) => c.name);
      expect(columns).toContain('bio');
      expect(columns).not.toContain('extra');
      expect((await snapshotOf(t)).text).toBe(before.text);
    } finally {
      await t.app.knex.raw('DROP TRIGGER IF EXISTS refuse_relation' + (t.vendor === 'postgres' ? ' ON service_relations' : ''));
      if (t.vendor === 'mysql') {
        // MySQL kept steps 1-4: put the instance back for the next test.
        await call(t, 'POST', '/schema/apply', await ok(t, 'POST', '/schema/diff', before.json));
        await t.app.knex.raw('SELECT 1');
      }
    }
  });

  it('applies the diff (204), records activity, and a second apply of it is refused', async () => {
    const activityBefore = (await ok(t, 'GET', '/activity?aggregate[count]=*')).data[0].count;
    expect((await call(t, 'POST', '/schema/apply', diff)).status).toBe(204);
    expect(await t.app.dialect.listTables(t.app.knex)).toContain('drafts');
    const redo = await call(t, 'POST', '/schema/diff', edited(before.json));
    expect(redo.body?.diff).toBeUndefined();
    expect(redo.status).toBe(204);
    expect(Number((await ok(t, 'GET', '/activity?aggregate[count]=*')).data[0].count)).toBeGreaterThan(Number(activityBefore));
    const again = await call(t, 'POST', '/schema/apply', diff);
    expect(again.status).toBe(400);
    expect(again.message).toContain('Provided diff is trying to delete collection "site" but it does not exist');
    // back to the seed for the next tests
    await call(t, 'POST', '/schema/apply', await ok(t, 'POST', '/schema/diff', before.json));
  });

  it('does nothing for an empty diff (204)', async () => {
    expect((await call(t, 'POST', '/schema/apply', { hash: 'x', diff: { collections: [], fields: [], relations: [] } })).status).toBe(204);
  });
});
