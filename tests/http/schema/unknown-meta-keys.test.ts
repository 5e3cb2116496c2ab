import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { call, fixture, ok, snapshotOf, type Json } from './schema-test-helpers.js';

/**
 * Decision 0022: meta keys this server does not store (Directus 12's `status` and `autosave_revision_interval`,
 * later versions' keys) are dropped by diff and apply alike, and named in `warnings`; snapshots of Directus 10
 * (no `versioning`, no `searchable`) and 12 import, and a second diff finds nothing.
 */
describe('meta keys this server does not store', () => {
  let t10: TestApp;
  let t12: TestApp;
  let t: TestApp;

  beforeAll(async () => {
    [t10, t12, t] = await Promise.all([createTestApp(), createTestApp(), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([t10, t12, t].map((app) => app.close()));
  });

  it('imports a Directus 12 snapshot: the new collection keys are dropped with a warning, and a second diff finds nothing', async () => {
    const document = JSON.parse(fixture('directus-12-sqlite.json')) as Json;
    const diff = await call(t12, 'POST', '/schema/diff?force', document);
    expect(diff.status).toBe(200);
    expect(diff.body.data.warnings).toEqual([
      expect.stringMatching(
        /^Dropped collection meta "autosave_revision_interval": this server does not store it \(fx_articles, .* and \d+ more\)$/,
      ),
      expect.stringMatching(/^Dropped collection meta "status": this server does not store it/),
    ]);
    expect(JSON.stringify(diff.body.data.diff)).not.toContain('autosave_revision_interval');
    // The diff is given back as it was answered, warnings and all.
    const applied = await call(t12, 'POST', '/schema/apply', diff.body);
    expect(applied.status).toBe(204);
    const again = await call(t12, 'POST', '/schema/diff?force', document);
    expect(again.status).toBe(204);
    const after = (await snapshotOf(t12)).json;
    expect(after.collections.every((c: Json) => !('status' in c.meta) && !('autosave_revision_interval' in c.meta))).toBe(true);
  });

  it('imports a Directus 10 snapshot (no versioning, no searchable): defaults fill them, no warnings, a second diff finds nothing', async () => {
    const document = JSON.parse(fixture('directus-10-sqlite.json')) as Json;
    const diff = await call(t10, 'POST', '/schema/diff?force', document);
    expect(diff.status).toBe(200);
    expect(diff.body.data.warnings).toBeUndefined();
    expect(await ok(t10, 'POST', '/schema/apply', diff.body, 204)).toBeNull();
    const again = await call(t10, 'POST', '/schema/diff?force', document);
    expect(again.text).toBe('');
    expect(again.status).toBe(204);
  });

  it('drops an unknown key from a snapshot of this server too: nothing else differs, so 204', async () => {
    await ok(t, 'POST', '/collections', {
      collection: 'notes',
      meta: { icon: 'note' },
      fields: [{ field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } }],
    });
    const own = (await snapshotOf(t)).json;
    own.collections[0].meta.versioning_policy = 'every-save';
    own.fields[0].meta.future_flag = true;
    const diff = await call(t, 'POST', '/schema/diff', own);
    expect(diff.status).toBe(204);
  });

  it('apply drops changes of unknown meta keys from a diff, applies the rest, and names the dropped keys in a dry run', async () => {
    const { hash } = (await ok(t, 'POST', '/schema/diff', { ...(await snapshotOf(t)).json, collections: [], fields: [], relations: [] }))
      .data;
    const diff = {
      hash,
      diff: {
        collections: [
          {
            collection: 'notes',
            diff: [
              { kind: 'E', path: ['meta', 'autosave_revision_interval'], lhs: null, rhs: 30 },
              { kind: 'E', path: ['meta', 'note'], lhs: null, rhs: 'Kept' },
            ],
          },
        ],
        fields: [{ collection: 'notes', field: 'id', diff: [{ kind: 'N', path: ['meta', 'status'], rhs: 'draft' }] }],
        relations: [],
      },
    };
    const dry = await call(t, 'POST', '/schema/apply?dry_run=true', diff);
    expect(dry.status).toBe(200);
    expect(dry.body.data.warnings).toEqual([
      'Dropped collection meta "autosave_revision_interval": this server does not store it (notes)',
      'Dropped field meta "status": this server does not store it (notes.id)',
    ]);
    expect(dry.body.data.steps).toHaveLength(1);
    expect(await ok(t, 'POST', '/schema/apply', diff, 204)).toBeNull();
    const notes = (await ok(t, 'GET', '/collections/notes')).data;
    expect(notes.meta.note).toBe('Kept');
    expect(notes.meta).not.toHaveProperty('autosave_revision_interval');
  });

  it('still refuses a known meta key of the wrong kind (400, not dropped)', async () => {
    const { hash } = (await ok(t, 'POST', '/schema/diff', { ...(await snapshotOf(t)).json, collections: [], fields: [], relations: [] }))
      .data;
    const answer = await call(t, 'POST', '/schema/apply', {
      hash,
      diff: {
        collections: [{ collection: 'notes', diff: [{ kind: 'E', path: ['meta', 'hidden'], lhs: false, rhs: 'yes' }] }],
        fields: [],
        relations: [],
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('INVALID_PAYLOAD');
  });
});
