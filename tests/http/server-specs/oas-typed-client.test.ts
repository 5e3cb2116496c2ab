import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/create-test-app.js';
import { seedCollections } from '../../setup/seed-collections.js';

/**
 * The OpenAPI document is good enough to generate a typed client from: openapi-typescript turns the document of
 * the fixture schema (written to a file) into types, and a small program using them must type-check — with
 * `@ts-expect-error` lines proving the types are precise (a wrong value type or a path the caller lacks fails).
 */
describe('a typed client generated from GET /server/specs/oas', () => {
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    t = await createTestApp();
    await seedCollections(t.app);
    dir = await mkdtemp(join(tmpdir(), 'stratum-oas-'));
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** Writes the caller's document and the types generated from it; type-checks `program` against them. */
  async function typeCheck(name: string, token: string, program: string): Promise<string[]> {
    const response = await t.request('GET', '/server/specs/oas', { token });
    expect(response.statusCode).toBe(200);
    const documentFile = join(dir, `${name}.json`);
    await writeFile(documentFile, response.body);
    const types = astToString(await openapiTS(pathToFileURL(documentFile)));
    await writeFile(join(dir, `${name}-api.ts`), types);
    const programFile = join(dir, `${name}-client.ts`);
    await writeFile(programFile, program);
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      types: [],
    };
    const compiled = ts.createProgram([programFile], options);
    return ts
      .getPreEmitDiagnostics(compiled)
      .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
  }

  it('types every collection of an administrator, relations and nullability included', async () => {
    const diagnostics = await typeCheck(
      'admin',
      t.adminToken,
      `import type { components, paths } from './admin-api.js';
type Article = components['schemas']['ItemsArticles'];
type Author = components['schemas']['ItemsAuthors'];
const author: Author = { id: 1, name: 'Ada', articles: [1, { id: 2, title: 'Nested' }] };
const article: Article = { id: 1, title: 'Hello', rating: null, featured: true, published_on: '2026-01-01', author };
const byKey: Article = { author: 3, metadata: { any: ['json'] }, external_id: null };
type List = paths['/items/articles']['get']['responses'][200]['content']['application/json'];
const list: List = { data: [article, byKey], meta: { total_count: 2 } };
type One = paths['/items/articles/{id}']['get']['responses'][200]['content']['application/json'];
const one: One = { data: article };
type Id = paths['/items/articles/{id}']['get']['parameters']['path']['id'];
const id: Id = 5;
type Login = NonNullable<paths['/auth/login']['post']['requestBody']>['content']['application/json'];
const login: Login = { email: 'a@example.com', password: 'secret', mode: 'json' };
// @ts-expect-error title is a string
const wrongType: Article = { title: 5 };
// @ts-expect-error title cannot be null (not nullable)
const wrongNull: Article = { title: null };
// @ts-expect-error mode is one of json, cookie, session
const wrongMode: Login = { email: 'a@example.com', password: 'x', mode: 'jwt' };
export { list, one, id, login, wrongType, wrongNull, wrongMode };
`,
    );
    expect(diagnostics).toEqual([]);
  });

  it('types only what a limited user may use', async () => {
    const user = await t.userWith({ permissions: [{ collection: 'articles', action: 'read', fields: ['id', 'title'] }] });
    const diagnostics = await typeCheck(
      'limited',
      user.token,
      `import type { components, paths } from './limited-api.js';
type Article = components['schemas']['ItemsArticles'];
const article: Article = { id: 1, title: 'Hello' };
type List = paths['/items/articles']['get']['responses'][200]['content']['application/json'];
const list: List = { data: [article] };
// @ts-expect-error rating is not theirs
const withRating: Article = { rating: 1 };
// @ts-expect-error authors is not theirs
type Authors = paths['/items/authors'];
// @ts-expect-error they may not create articles
type Create = paths['/items/articles']['post']['requestBody'];
export type { Authors, Create };
export { list, withRating };
`,
    );
    expect(diagnostics).toEqual([]);
  });

  it('fails the check when the program does not fit the types', async () => {
    const diagnostics = await typeCheck(
      'broken',
      t.adminToken,
      `import type { components } from './broken-api.js';\nexport const a: components['schemas']['ItemsArticles'] = { title: 1 };\n`,
    );
    expect(diagnostics.join('\n')).toMatch(/not assignable to type 'string'/);
  });
});
