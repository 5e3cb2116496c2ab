import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { loadConfig, v8Flags } from '../../src/config/index.js';
import { createTestDatabase, type TestDatabase } from '../setup/test-database.js';
import { databaseEnv, TEST_ENV } from '../setup/test-config.js';
import { findChromium } from './find-chromium.js';

export const ADMIN = { email: 'admin@example.com', password: 'AdminPass123!' };
const root = fileURLToPath(new URL('../..', import.meta.url));
export const ARTIFACTS = join(root, 'tests', 'browser', '.artifacts');

// One set of server processes per test process: with one fork for every browser file, this module is loaded once
// per file, and each load would otherwise add its own exit listener (Node warns past ten).
const RUNNING = Symbol.for('stratum.browser-harness.running');
const store = globalThis as unknown as Record<symbol, Set<ChildProcess> | undefined>;
const running = (store[RUNNING] ??= (() => {
  const children = new Set<ChildProcess>();
  process.once('exit', () => {
    for (const child of children) child.kill('SIGKILL');
  });
  return children;
})());

export type StratumProcess = {
  url: string;
  /** A JSON request to the API (status and parsed body). */
  call(method: string, path: string, options?: { token?: string; body?: unknown }): Promise<{ status: number; json: unknown }>;
  /** An access token of the administrator (json mode). */
  adminToken(): Promise<string>;
  stop(): Promise<void>;
};

/**
 * A real Stratum server process (the run's server bundle with `start`, as `npm start` runs it; cliEntry(), or `entry`) on a fresh database of the
 * run's vendor (TEST_DB) and a port of its own; it serves the built admin app from app/dist.
 */
export async function startStratum(env: Record<string, string> = {}, entry?: readonly string[]): Promise<StratumProcess> {
  // run-cli.ts reads the run's bundle from Vitest: imported only here, so that bench:app (outside Vitest) can give
  // its own entry and use this harness.
  const serverEntry = entry ?? (await import('../setup/run-cli.js')).cliEntry();
  const database: TestDatabase = await createTestDatabase();
  const childEnv = { ...process.env, ...TEST_ENV, ...databaseEnv(database.db), HOST: '127.0.0.1', PORT: '0', ...env };
  // V8's heap flags on the command line, as `npm start` passes them, so the server does not relaunch itself (decision 0053).
  const { HEAP_GROWING_PERCENT, HEAP_YOUNG_GENERATION_MB } = childEnv as NodeJS.ProcessEnv;
  const flags = v8Flags(loadConfig({ HEAP_GROWING_PERCENT, HEAP_YOUNG_GENERATION_MB }, { readDotEnv: false }).server);
  const child = spawn(process.execPath, [...flags, ...serverEntry, 'start'], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    const onExit = (code: number | null) => reject(new Error(`Stratum exited (${code}) before listening:\n${out}\n${err}`));
    child.once('exit', onExit);
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /Stratum is running at (http:\/\/\S+)/.exec(out);
      if (!found) return;
      child.off('exit', onExit);
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      resolve(found[1]!.replace('localhost', '127.0.0.1'));
    });
  });

  const call: StratumProcess['call'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, json: text === '' ? null : (JSON.parse(text) as unknown) };
  };
  let token: string | null = null;
  return {
    url,
    call,
    async adminToken() {
      if (token) return token;
      const login = await call('POST', '/auth/login', { body: ADMIN });
      if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${JSON.stringify(login.json)}`);
      token = (login.json as { data: { access_token: string } }).data.access_token;
      return token;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      await database.drop();
    },
  };
}

/** A TCP port free right now on 127.0.0.1 (for a server whose PUBLIC_URL must be known before it starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Chromium as the machine has it (never downloaded): headless, no sandbox, nothing that reaches the network. */
export async function launchChromium(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium (CHROMIUM_PATH or /usr/bin/chromium)');
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh browser context (its own cookies) and page; `locale` sets the browser's language (navigator.languages,
 * Accept-Language). Errors the page reports (a CSP violation, an uncaught exception) and server errors (5xx) are
 * collected in `problems`, which the tests expect to stay empty.
 */
export async function openPage(
  browser: Browser,
  options: { locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    ...(options.locale ? { locale: options.locale } : {}),
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    // "Failed to load resource" is the browser's line for every 4xx the app expects (no session yet, a wrong
    // password): server failures are caught below from the responses themselves.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`${response.status()} from ${response.request().method()} ${response.url()}`);
  });
  return { context, page, problems };
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

/** Runs axe-core in the page; fails on any serious or critical violation (WCAG 2.x A and AA rules, best practices). */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  // The callbacks run in the page, where `globalThis` is the window (this file is type-checked without DOM types).
  const loaded = await page.evaluate(() => typeof (globalThis as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const page = globalThis as unknown as {
      axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> };
      document: unknown;
    };
    const result = await page.axe.run(page.document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target) }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // A plain throw rather than vitest's expect: bench/app-budgets.ts uses this file outside vitest.
  if (serious.length > 0) throw new Error(`serious or critical accessibility violations on ${where}: ${JSON.stringify(serious, null, 2)}`);
}

/** Saves a full-page screenshot in tests/browser/.artifacts (on failure). */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name.replace(/[^a-z0-9-]+/gi, '-').slice(0, 120)}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Signs in through the form, as a person does. */
export async function signIn(page: Page, baseUrl: string, email: string, password: string, path = '/admin'): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Types into an input once it takes typing: a picker is read-only until it has learnt how to show its options,
 * and keys sent before that are lost (as they would be for a person).
 */
export async function typeWhenEditable(input: Locator, text: string): Promise<void> {
  // A plain poll rather than vitest's expect.poll: bench/app-budgets.ts loads this file outside vitest.
  const deadline = Date.now() + 15_000;
  while (!(await input.isEditable())) {
    if (Date.now() > deadline) throw new Error('the input never became editable');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await input.pressSequentially(text);
}
