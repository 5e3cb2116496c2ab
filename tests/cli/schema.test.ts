import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createApp } from '../../src/app.js';
import type { CommandIo } from '../../src/cli/commands/command-io.js';
import { schemaApplyCommand } from '../../src/cli/commands/schema-apply.js';
import { schemaSnapshotCommand } from '../../src/cli/commands/schema-snapshot.js';
import { createTestApp, type TestApp } from '../setup/create-test-app.js';
import { runCli } from '../setup/run-cli.js';
import { seedSchema, snapshotOf, type Json } from '../http/schema/schema-test-helpers.js';

type Captured = CommandIo & { out: () => string; err: () => string };

/** Streams the command writes to, an answer on stdin, and an app on the test database. */
function io(t: TestApp, options: { interactive?: boolean; answer?: string } = {}): Captured {
  let out = '';
  let err = '';
  const stdin = new PassThrough();
  if (options.answer !== undefined) stdin.end(`${options.answer}\n`);
  return {
    stdout: { write: (text: string) => (out += text) },
    stderr: { write: (text: string) => (err += text) },
    stdin,
    interactive: options.interactive ?? false,
    openApp: () => createApp(t.app.config),
    out: () => out,
    err: () => err,
  };
}

describe('stratum schema snapshot | apply', () => {
  let source: TestApp;
  let target: TestApp;
  let folder: string;

  beforeAll(async () => {
    [source, target] = await Promise.all([createTestApp(), createTestApp()]);
    await seedSchema(source);
    folder = await mkdtemp(join(tmpdir(), 'stratum-cli-'));
  });
  afterAll(async () => {
    await Promise.all([source?.close(), target?.close()]);
    await rm(folder, { recursive: true, force: true });
  });

  it('writes the snapshot as YAML (default) or JSON, to stdout or a file', async () => {
    const expected = (await snapshotOf(source)).json;
    const toStdout = io(source);
    expect(await schemaSnapshotCommand(undefined, {}, toStdout)).toBe(0);
    expect(parse(toStdout.out())).toEqual(expected);
    const file = join(folder, 'schema.json');
    expect(await schemaSnapshotCommand(file, { format: 'json' }, io(source))).toBe(0);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(expected);
    expect(await schemaSnapshotCommand(join(folder, 'schema.yaml'), {}, io(source))).toBe(0);
    expect(await schemaSnapshotCommand(undefined, { format: 'xml' }, io(source))).toBe(1);
  });

  it('refuses to overwrite a file without --yes when nobody can be asked (exit 2), asks otherwise', async () => {
    const file = join(folder, 'schema.yaml');
    const refused = io(source);
    expect(await schemaSnapshotCommand(file, {}, refused)).toBe(2);
    expect(refused.err()).toContain('without --yes');
    expect(await schemaSnapshotCommand(file, {}, io(source, { interactive: true, answer: 'n' }))).toBe(2);
    expect(await schemaSnapshotCommand(file, {}, io(source, { interactive: true, answer: 'y' }))).toBe(0);
    expect(await schemaSnapshotCommand(file, { yes: true }, io(source))).toBe(0);
  });

  it('prints the plan with its statements on --dry-run and changes nothing', async () => {
    const before = (await snapshotOf(target)).text;
    const run = io(target);
    expect(await schemaApplyCommand(join(folder, 'schema.yaml'), { dryRun: true }, run)).toBe(0);
    expect(run.out()).toContain('Collections:\n  Create articles');
    expect(run.out()).toContain('Relations:\n  Create articles.author');
    expect(run.out()).toMatch(/> create table ["`]authors["`]/i);
    expect(run.out()).toContain('Dry run: ');
    // Only the schema's DDL and meta rows: no transaction control, no activity trail.
    expect(run.out()).not.toMatch(/> (SAVEPOINT|RELEASE|ROLLBACK|BEGIN|COMMIT)\b/i);
    expect(run.out()).not.toMatch(/service_(activity|revisions)/);
    expect(run.out()).toMatch(/> insert into ["`]service_fields["`]/i);
    expect((await snapshotOf(target)).text).toBe(before);
  });

  it('applies a snapshot file with progress; then there is nothing to do', async () => {
    const run = io(target);
    expect(await schemaApplyCommand(join(folder, 'schema.yaml'), {}, run)).toBe(0);
    expect(run.err()).toMatch(/\[1\/\d+\] create collection "articles"/);
    expect((await snapshotOf(target)).text).toBe((await snapshotOf(source)).text);
    const again = io(target);
    expect(await schemaApplyCommand(join(folder, 'schema.json'), {}, again)).toBe(0);
    expect(again.out()).toBe('No changes to apply.\n');
  });

  it('takes the answer of GET /schema/snapshot saved as it came ({data: snapshot})', async () => {
    const file = join(folder, 'saved-answer.json');
    await writeFile(file, (await snapshotOf(source)).text);
    const run = io(target);
    expect(await schemaApplyCommand(file, {}, run)).toBe(0);
    expect(run.out()).toBe('No changes to apply.\n');
  });

  it('asks before destructive steps: refused without a terminal (exit 2), applied with --yes', async () => {
    const snapshot = (await snapshotOf(target)).json as Json;
    snapshot.fields = snapshot.fields.filter((f: Json) => f.field !== 'bio');
    const file = join(folder, 'smaller.json');
    await writeFile(file, JSON.stringify(snapshot));
    const refused = io(target);
    expect(await schemaApplyCommand(file, {}, refused)).toBe(2);
    expect(refused.out()).toContain('Fields:\n  Delete authors.bio  (destructive)');
    expect(refused.err()).toContain('Refusing to apply 1 destructive step(s) without --yes');
    expect(await schemaApplyCommand(file, {}, io(target, { interactive: true, answer: 'no' }))).toBe(2);
    expect((await target.app.dialect.listColumns(target.app.knex, 'authors')).some((c) => c.name === 'bio')).toBe(true);
    expect(await schemaApplyCommand(file, { yes: true }, io(target))).toBe(0);
    expect((await target.app.dialect.listColumns(target.app.knex, 'authors')).some((c) => c.name === 'bio')).toBe(false);
  });

  it('fails with exit 1 on a bad file', async () => {
    const file = join(folder, 'bad.yaml');
    await writeFile(file, 'version: [1');
    const run = io(target);
    expect(await schemaApplyCommand(file, {}, run)).toBe(1);
    expect(run.err()).toContain('The provided YAML is invalid');
    const wrong = join(folder, 'wrong.json');
    await writeFile(
      wrong,
      JSON.stringify({
        version: 1,
        service: 'x',
        collections: [{ collection: 'a', meta: {} }],
        fields: [{ collection: 'a', field: 'b', type: 'nope', meta: {} }],
        relations: [],
      }),
    );
    const invalid = io(target);
    expect(await schemaApplyCommand(wrong, {}, invalid)).toBe(1);
    expect(invalid.err()).toContain('Field "a.b": "type" must be one of');
  });

  it('runs as a process: exit 2 when a destructive apply has no --yes and no terminal', async () => {
    const snapshot = (await snapshotOf(target)).json as Json;
    snapshot.fields = snapshot.fields.filter((f: Json) => f.field !== 'rating');
    const file = join(folder, 'process.json');
    await writeFile(file, JSON.stringify(snapshot));
    const result = await runCli(target.app.config.db, ['schema', 'apply', file]);
    expect(result.err).toContain('Refusing to apply 1 destructive step(s) without --yes');
    expect(result.code).toBe(2);
  }, 90_000);
});
