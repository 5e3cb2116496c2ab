/**
 * The reference Directus's admin app (its Data Studio at /admin), measured the way bench/app-budgets.ts measures
 * Stratum's (issue 31: "measured and reported against Directus's app on the same machine"): the sign-in page's
 * JavaScript (every script it loads, gzip -9) and when its "Sign In" button is usable, and a 50-row list of the same
 * articles drawn after a navigation, signed in. Directus runs in an instance of its own (reference-directus.ts) on a
 * fresh SQLite database; the same 1,000 articles are created through its API.
 */
import type { Browser, Page } from 'playwright-core';
import { ARTICLE_FIELDS, articleRow } from './app-articles.js';
import { ReferenceDirectus } from './reference-directus.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './stratum-server.js';

export type AppMeasure = { version: string; signInScriptsGzip: number; signInInteractive: number[]; listDrawn: number[] };

type Call = (method: string, path: string, body?: unknown) => Promise<unknown>;

/** Directus's API as its administrator (a static session token from a login). */
async function directusApi(url: string): Promise<Call> {
  const login = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  return async (method, path, body) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`Directus ${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
    return text ? (JSON.parse(text) as unknown) : null;
  };
}

/** The bench's articles in Directus (the fields and rows bench/app-budgets.ts gives Stratum), and a 50-row view. */
async function seedDirectus(call: Call, rows: number): Promise<void> {
  await call('POST', '/collections', {
    collection: 'articles',
    schema: {},
    meta: {},
    fields: ARTICLE_FIELDS,
  });
  for (let start = 0; start < rows; start += 500) {
    const batch = Array.from({ length: Math.min(500, rows - start) }, (_, i) => articleRow(start + i));
    await call('POST', '/items/articles', batch);
  }
  const me = (await call('GET', '/users/me?fields=id')) as { data: { id: string } };
  // The list's page size is a preset of the user in Directus's app (its default is 25).
  await call('POST', '/presets', {
    collection: 'articles',
    user: me.data.id,
    layout: 'tabular',
    layout_query: { tabular: { limit: 50, fields: ['title', 'status', 'rating'] } },
  });
}

/** Milliseconds since the navigation started, read in the page once `ready` resolves. */
export async function timeSinceNavigation(page: Page, url: string, ready: () => Promise<unknown>): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  await ready();
  return page.evaluate(() => (globalThis as unknown as { performance: { now(): number } }).performance.now());
}

/** The gzip -9 size of every script URL, fetched again (as the bench does for Stratum's). */
export async function scriptsGzip(urls: Iterable<string>, gzip: (data: Buffer) => number): Promise<number> {
  let bytes = 0;
  for (const url of urls) bytes += gzip(Buffer.from(await (await fetch(url)).arrayBuffer()));
  return bytes;
}

export async function measureDirectusApp(
  browser: Browser,
  options: { repoRoot: string; workDir: string; port: number; runs: number; rows: number; gzip: (data: Buffer) => number },
): Promise<AppMeasure> {
  const directus = new ReferenceDirectus({ repoRoot: options.repoRoot, workDir: options.workDir, port: options.port, db: 'sqlite' });
  await directus.start();
  const url = `http://127.0.0.1:${options.port}`;
  try {
    const call = await directusApi(url);
    await seedDirectus(call, options.rows);
    const info = (await call('GET', '/server/info')) as { data: { version?: string } };
    const version = `Directus ${info.data.version ?? 'unknown'}`;
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    const signInButton = page.getByRole('button', { name: 'Sign In' }).and(page.locator(':enabled'));
    const signInInteractive: number[] = [];
    for (let i = 0; i < options.runs; i++) {
      await context.clearCookies();
      signInInteractive.push(await timeSinceNavigation(page, `${url}/admin/login`, () => signInButton.waitFor()));
    }
    const signInScriptsGzip = await scriptsGzip(scripts, options.gzip);

    await page.getByPlaceholder('Email').fill(ADMIN_EMAIL);
    await page.getByPlaceholder('Password').fill(ADMIN_PASSWORD);
    await signInButton.click();
    await page.waitForURL(/\/admin\/(content|insights|users)/, { timeout: 60_000 });
    const rows = page.locator('tbody tr');
    const listDrawn: number[] = [];
    for (let i = 0; i < options.runs; i++) {
      listDrawn.push(await timeSinceNavigation(page, `${url}/admin/content/articles`, () => rows.nth(49).waitFor({ timeout: 60_000 })));
    }
    await context.close();
    return { version, signInScriptsGzip, signInInteractive, listDrawn };
  } finally {
    await directus.stop();
  }
}
