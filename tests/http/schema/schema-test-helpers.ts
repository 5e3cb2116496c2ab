import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestApp } from '../../setup/create-test-app.js';

/** Parsed JSON (loosely typed, as response.json() is). */
export type Json = ReturnType<typeof JSON.parse>;
export type Answer = { status: number; body: Json; text: string; code: string | undefined; message: string | undefined };

export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/schema');

export function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

/** A JSON request as the administrator (or with `token`). */
export async function call(t: TestApp, method: string, url: string, body?: unknown, token: string | null = t.adminToken): Promise<Answer> {
  const response = await t.request(method, url, { token, ...(body !== undefined ? { body } : {}) });
  const parsed = response.body === '' || !response.headers['content-type']?.toString().includes('json') ? null : JSON.parse(response.body);
  return {
    status: response.statusCode,
    body: parsed,
    text: response.body,
    code: parsed?.errors?.[0]?.extensions?.code,
    message: parsed?.errors?.[0]?.message,
  };
}

/** Like call(), but fails with the body when the status is not the expected one. */
export async function ok(t: TestApp, method: string, url: string, body?: unknown, status = 200): Promise<Json> {
  const answer = await call(t, method, url, body);
  if (answer.status !== status) throw new Error(`${method} ${url} → ${answer.status} ${answer.text}`);
  return answer.body;
}

/** A multipart/form-data body with one file part (and optionally more parts). */
export function multipart(files: { name: string; content: string | Buffer; type: string }[]): { payload: Buffer; contentType: string } {
  const boundary = '----stratum-test-boundary';
  const parts: Buffer[] = [];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POSTs an upload to a schema endpoint. */
export async function upload(t: TestApp, url: string, files: { name: string; content: string | Buffer; type: string }[]): Promise<Answer> {
  const { payload, contentType } = multipart(files);
  const response = await t.app.server.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: `Bearer ${t.adminToken}`, 'content-type': contentType },
  });
  const parsed = response.body === '' ? null : JSON.parse(response.body);
  return {
    status: response.statusCode,
    body: parsed,
    text: response.body,
    code: parsed?.errors?.[0]?.extensions?.code,
    message: parsed?.errors?.[0]?.message,
  };
}

/** The instance's snapshot as text (the exact bytes of the answer, `{"data":…}`) and parsed (the snapshot inside `data`). */
export async function snapshotOf(t: TestApp): Promise<{ text: string; json: Json }> {
  const answer = await call(t, 'GET', '/schema/snapshot');
  if (answer.status !== 200) throw new Error(`snapshot → ${answer.status} ${answer.text}`);
  return { text: answer.text, json: answer.body.data };
}

/**
 * Diffs `snapshot` against the instance and applies the answer as it came (wrapped in `data`); returns the diff
 * (`{hash, diff, warnings?}`, null when there was none).
 */
export async function diffAndApply(t: TestApp, snapshot: unknown, query = ''): Promise<Json | null> {
  const diff = await call(t, 'POST', `/schema/diff${query}`, snapshot);
  if (diff.status === 204) return null;
  if (diff.status !== 200) throw new Error(`diff → ${diff.status} ${diff.text}`);
  const applied = await call(t, 'POST', '/schema/apply', diff.body);
  if (applied.status !== 204) throw new Error(`apply → ${applied.status} ${applied.text}`);
  return diff.body.data;
}

/**
 * A schema with a bit of everything, made through the collections API: integer and uuid keys, every field
 * type, defaults, unique and indexed columns, a folder with a group, a singleton, an m2o with an o2m alias,
 * an m2m through a junction, rules on delete and update, and meta with nested options and translations.
 */
export async function seedSchema(t: TestApp): Promise<void> {
  await ok(t, 'POST', '/collections', { collection: 'library', meta: { icon: 'folder', note: 'A folder', sort: 3 }, schema: null });
  await ok(t, 'POST', '/collections', {
    collection: 'authors',
    meta: {
      icon: 'person',
      note: 'People who write',
      display_template: '{{name}}',
      sort: 1,
      translations: [{ language: 'de-DE', translation: 'Autoren' }],
    },
    fields: [
      {
        field: 'id',
        type: 'integer',
        meta: { hidden: true, readonly: true, interface: 'numeric', sort: 1 },
        schema: { is_primary_key: true, has_auto_increment: true },
      },
      {
        field: 'name',
        type: 'string',
        meta: { interface: 'input', required: true, width: 'half', sort: 2 },
        schema: { is_nullable: false, max_length: 120, default_value: 'Anonymous' },
      },
      {
        field: 'email',
        type: 'string',
        meta: { interface: 'input', sort: 3, options: { placeholder: 'name@example.com', trim: true } },
        schema: { is_unique: true },
      },
      { field: 'bio', type: 'text', meta: { interface: 'input-multiline', sort: 4 } },
      { field: 'rating', type: 'decimal', meta: { sort: 5 }, schema: { numeric_precision: 6, numeric_scale: 2, default_value: 2.5 } },
      {
        field: 'active',
        type: 'boolean',
        meta: { sort: 6, special: ['cast-boolean'] },
        schema: { default_value: true, is_nullable: false },
      },
      { field: 'born', type: 'date', meta: { sort: 7 } },
      {
        field: 'created_at',
        type: 'timestamp',
        meta: { sort: 8, special: ['date-created'] },
        schema: { default_value: 'CURRENT_TIMESTAMP' },
      },
      { field: 'tags', type: 'csv', meta: { sort: 9 } },
      { field: 'settings', type: 'json', meta: { sort: 10, options: { language: 'json', z: 1, a: { y: 2, b: 3 } } } },
      { field: 'code', type: 'integer', meta: { sort: 11 }, schema: { is_indexed: true, default_value: 7 } },
      { field: 'big', type: 'bigInteger', meta: { sort: 12 } },
      { field: 'score', type: 'float', meta: { sort: 13 } },
      { field: 'wake', type: 'time', meta: { sort: 14 } },
      { field: 'seen', type: 'dateTime', meta: { sort: 15 } },
      { field: 'secret', type: 'hash', meta: { sort: 16 } },
      { field: 'avatar', type: 'binary', meta: { sort: 17 } },
    ],
  });
  await ok(t, 'POST', '/collections', {
    collection: 'articles',
    meta: {
      icon: 'article',
      sort: 2,
      sort_field: 'position',
      archive_field: 'status',
      archive_value: 'archived',
      unarchive_value: 'draft',
    },
    fields: [
      { field: 'id', type: 'uuid', meta: { hidden: true, readonly: true, special: ['uuid'] }, schema: { is_primary_key: true } },
      { field: 'title', type: 'string', meta: { required: true }, schema: { is_nullable: false, max_length: 500 } },
      {
        field: 'status',
        type: 'string',
        meta: {
          interface: 'select-dropdown',
          options: {
            choices: [
              { text: 'Draft', value: 'draft' },
              { text: 'Published', value: 'published' },
            ],
          },
        },
        schema: { default_value: 'draft', is_nullable: false },
      },
      { field: 'position', type: 'integer', meta: { hidden: true } },
      { field: 'author', type: 'integer', meta: { interface: 'select-dropdown-m2o', special: ['m2o'] } },
    ],
  });
  await ok(t, 'POST', '/relations', {
    collection: 'articles',
    field: 'author',
    related_collection: 'authors',
    meta: { one_field: 'articles', one_deselect_action: 'nullify' },
    schema: { on_delete: 'SET NULL', on_update: 'CASCADE' },
  });
  await ok(t, 'POST', '/collections', {
    collection: 'tags',
    meta: { icon: 'label', group: 'library' },
    fields: [
      { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'label', type: 'string', schema: { is_unique: true, is_nullable: false } },
    ],
  });
  await ok(t, 'POST', '/collections', {
    collection: 'articles_tags',
    meta: { hidden: true, group: 'library' },
    fields: [
      { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'articles_id', type: 'uuid', meta: { hidden: true } },
      { field: 'tags_id', type: 'integer', meta: { hidden: true } },
    ],
  });
  await ok(t, 'POST', '/fields/articles', { field: 'tags', type: 'alias', meta: { interface: 'list-m2m', special: ['m2m'] } });
  await ok(t, 'POST', '/relations', {
    collection: 'articles_tags',
    field: 'tags_id',
    related_collection: 'tags',
    meta: { junction_field: 'articles_id' },
    schema: { on_delete: 'SET NULL' },
  });
  await ok(t, 'POST', '/relations', {
    collection: 'articles_tags',
    field: 'articles_id',
    related_collection: 'articles',
    meta: { one_field: 'tags', junction_field: 'tags_id' },
    schema: { on_delete: 'CASCADE' },
  });
  await ok(t, 'POST', '/collections', {
    collection: 'site',
    meta: { singleton: true, icon: 'settings' },
    fields: [
      { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } },
      {
        field: 'title',
        type: 'string',
        meta: { translations: [{ language: 'de-DE', translation: 'Titel' }] },
        schema: { default_value: 'My site' },
      },
      { field: 'owner', type: 'uuid', meta: { special: ['m2o'] } },
    ],
  });
  await ok(t, 'POST', '/relations', {
    collection: 'site',
    field: 'owner',
    related_collection: 'service_users',
    schema: { on_delete: 'SET NULL' },
  });
}
