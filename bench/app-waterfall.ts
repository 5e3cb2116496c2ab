/**
 * Where the 50-row list's time goes after a full navigation (issue 31's 200 ms budget, measured by bench/app-budgets.ts):
 * every request the page makes, in the order it starts, with its start and end in ms since the navigation began, and
 * when the 50th row was drawn. Against a real server (the built bundle) on a fresh SQLite database with 1,000
 * articles, in headless Chromium; the last of N navigations is printed (the earlier ones warm the browser's cache,
 * as in the budget's runs).
 *
 *   npm run bench:app-waterfall                 # builds the app and the server bundle first
 *   npm run bench:app-waterfall -- --runs 5 --no-build
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Request } from 'playwright-core';
import { ADMIN, launchChromium, signIn, startStratum } from '../tests/browser/browser-harness.js';
import { ARTICLE_FIELDS, articleRow } from './lib/app-articles.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;

function build(): void {
  for (const args of [['--import', 'tsx', 'scripts/build-app.ts', '--strict'], ['scripts/bundle-server.mjs']]) {
    const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`${args.join(' ')} failed`);
  }
}

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) build();
  const [stratum, browser] = await Promise.all([
    startStratum({ QUERY_LIMIT_DEFAULT: '100' }, [join(root, 'dist', 'stratum.js')]),
    launchChromium(),
  ]);
  try {
    const token = await stratum.adminToken();
    const created = await stratum.call('POST', '/collections', { token, body: { collection: 'articles', fields: ARTICLE_FIELDS } });
    if (created.status !== 200) throw new Error(`collection: ${created.status}`);
    const rows = await stratum.call('POST', '/items/articles', { token, body: Array.from({ length: 1000 }, (_, i) => articleRow(i)) });
    if (rows.status !== 200) throw new Error(`articles: ${rows.status}`);

    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password);
    await page.locator('.user-name').waitFor();
    const url = `${stratum.url}/admin/content/articles?limit=50`;
    const times: number[] = [];
    let log: { request: Request; start: number; end?: number }[] = [];
    page.on('request', (request) => log.push({ request, start: performance.now() }));
    const finished = (request: Request) => {
      const entry = log.find((e) => e.request === request);
      if (entry) entry.end = performance.now();
    };
    page.on('requestfinished', finished);
    page.on('requestfailed', finished);
    let started = 0;
    for (let i = 0; i < RUNS; i++) {
      log = [];
      started = performance.now();
      await page.goto(url);
      await page.locator('tbody tr').nth(49).waitFor();
      times.push(performance.now() - started);
    }
    const ms = (t: number | undefined) => (t === undefined ? '…' : (t - started).toFixed(0).padStart(4));
    console.log(`50th row drawn after: ${times.map((t) => t.toFixed(0)).join(', ')} ms (the last run below)`);
    for (const { request, start, end } of log) {
      const address = new URL(request.url());
      console.log(
        `${ms(start)} → ${ms(end)}  ${request.method().padEnd(5)} ${request.resourceType().padEnd(8)} ${address.pathname}${address.search}`,
      );
    }
  } finally {
    await browser.close();
    await stratum.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
