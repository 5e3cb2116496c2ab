import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { launchChromium, openPage, saveScreenshot, startStratum, type StratumProcess } from './browser-harness.js';

export type BrowserSuiteOptions = {
  /**
   * The server's environment (startStratum's `env`), or a function answering it, run first in `beforeAll`
   * (to start a server the environment names, such as an SMTP or OpenID Connect test server).
   */
  env?: Record<string, string> | (() => Promise<Record<string, string>>);
  /** Runs once the server and Chromium are up (seeding through the API). */
  setUp?: (stratum: StratumProcess) => Promise<void>;
  /** Runs in `afterAll` once Chromium is closed and the server stopped (to stop what `env` started). */
  tearDown?: () => Promise<void>;
  /** A problem of the page the tests do not fail on (by default none is ignored). */
  ignoreProblem?: (problem: string) => boolean;
};

export type BrowserSuite = {
  readonly stratum: StratumProcess;
  readonly browser: Browser;
  /** The current test's browser context and page (fresh for each test). */
  readonly context: BrowserContext;
  readonly page: Page;
};

/**
 * Registers, in the calling `describe`, the hooks of a browser suite: a Stratum server process and Chromium for
 * the suite; for each test a fresh context and page, a screenshot in tests/browser/.artifacts when it fails, no
 * problem in the page (CSP violations, exceptions, 5xx), and the context closed. Answers the suite's objects,
 * to be read inside tests and hooks.
 */
export function useBrowserSuite(options: BrowserSuiteOptions = {}): BrowserSuite {
  let stratum: StratumProcess | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let problems: string[] = [];

  beforeAll(async () => {
    const env = typeof options.env === 'function' ? await options.env() : options.env;
    [stratum, browser] = await Promise.all([startStratum(env), launchChromium()]);
    await options.setUp?.(stratum);
  });
  afterAll(async () => {
    await browser?.close();
    await stratum?.stop();
    await options.tearDown?.();
  });
  beforeEach(async () => {
    ({ context, page, problems } = await openPage(browser!));
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const path = await saveScreenshot(page!, task.name).catch(() => null);
      if (path) console.log(`screenshot of the failed test: ${path}`);
    }
    const ignore = options.ignoreProblem;
    expect(ignore ? problems.filter((p) => !ignore(p)) : problems, 'errors in the page (CSP violations, exceptions)').toEqual([]);
    await context!.close();
  });

  return {
    get stratum() {
      return stratum!;
    },
    get browser() {
      return browser!;
    },
    get context() {
      return context!;
    },
    get page() {
      return page!;
    },
  };
}

/** The browser's own line for a refused WebSocket upgrade (it cannot be silenced by the page). */
export const refusedUpgrade = (problem: string): boolean => /WebSocket connection to '.*\/websocket' failed/.test(problem);
