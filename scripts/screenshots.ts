/**
 * Screenshots of the admin app's main screens for the README and docs/app.md (issue 31), made again whenever the app
 * changes: a real Stratum server (the built bundle, dist/stratum.js, serving the built app/dist) on a port of its own
 * with a fresh SQLite database in a temporary folder, seeded through the API with a small newsroom
 * (scripts/screenshots/seed-showcase.ts), photographed in Debian's Chromium at 1280×800 (device scale 1) and saved
 * as optimised PNGs in docs/images/ under the names in scripts/screenshots/screens.ts.
 *
 * It builds nothing itself; build the server and the app first:
 *
 *   npm run build && npm run build:app
 *   npm run docs:screenshots                  # every screen
 *   npm run docs:screenshots -- item files    # only these (names as in screens.ts)
 *
 * A screen fails (and the run ends with status 1, its old picture kept) when its content does not appear, something
 * is still loading, an error shows in the page, or the page reports an error of its own (console, exception, 5xx).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { ADMIN, launchChromium, openPage, startStratum, type StratumProcess } from '../tests/browser/browser-harness.js';
import { SCREENS, type Screen, type ScreenUser } from './screenshots/screens.js';
import { GERMAN_EDITOR, seedShowcase, type ShowcaseKeys } from './screenshots/seed-showcase.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const IMAGES = join(root, 'docs', 'images');
/** Pictures above this are stored with a 256-colour palette (docs/images stays small; the test allows 250 KB). */
const LOSSLESS_LIMIT = 240 * 1024;

/** True in the page when nothing is loading: no visible text ending in "…", every image in view drawn, fonts loaded. */
const SETTLED = `(() => {
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('option, select, textarea, script, style')) continue;
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
    if (own.endsWith('…') && shown(el)) return false;
  }
  for (const img of document.images) {
    const r = img.getBoundingClientRect();
    if (r.width > 0 && r.bottom > 0 && r.top < innerHeight && !(img.complete && img.naturalWidth > 0)) return false;
  }
  return document.fonts.status === 'loaded';
})()`;

/** The texts of the errors shown in the page (alerts and error messages). */
const SHOWN_ERRORS = `[...document.querySelectorAll('[role="alert"], .error')]
  .filter((el) => el.getBoundingClientRect().width > 0 && el.textContent.trim() !== '')
  .map((el) => el.textContent.trim())`;

type Session = { page: Page; problems: string[]; inFlight: () => number };

/** Signs in through the form by its fields' ids (the form may be in German). */
async function signIn(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(`${url}/admin`);
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.locator('main form button[type="submit"]').click();
  await page.locator('.user-name').filter({ hasText: /\S/ }).waitFor();
}

/** A browser context of its own for each kind of viewer, opened (and signed in) on first use. */
function sessions(browser: Browser, stratum: StratumProcess) {
  const open = new Map<ScreenUser, Promise<Session>>();
  const start = async (user: ScreenUser): Promise<Session> => {
    const { page, problems } = await openPage(browser, { locale: user === 'german' ? 'de-DE' : 'en-US' });
    page.setDefaultTimeout(20_000);
    let inFlight = 0;
    page.on('request', () => (inFlight += 1));
    page.on('requestfinished', () => (inFlight -= 1));
    page.on('requestfailed', () => (inFlight -= 1));
    if (user === 'admin') await signIn(page, stratum.url, ADMIN.email, ADMIN.password);
    if (user === 'german') await signIn(page, stratum.url, GERMAN_EDITOR.email, GERMAN_EDITOR.password);
    return { page, problems, inFlight: () => inFlight };
  };
  return (user: ScreenUser): Promise<Session> => {
    if (!open.has(user)) open.set(user, start(user));
    return open.get(user)!;
  };
}

/** Waits until no request has been in flight for a moment (the page's reads are done). */
async function networkQuiet(session: Session): Promise<void> {
  const deadline = Date.now() + 20_000;
  let quietSince = Date.now();
  while (Date.now() - quietSince < 300) {
    if (Date.now() > deadline) throw new Error('requests still running after 20 s');
    if (session.inFlight() > 0) quietSince = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Waits until the page is settled (SETTLED), asking it every 100 ms: a string given to waitForFunction would be run
 * by the page's eval, which the app's Content-Security-Policy refuses; page.evaluate runs it from outside.
 */
async function untilSettled(page: Page): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await page.evaluate(SETTLED))) {
    if (Date.now() > deadline) throw new Error('still loading after 20 s (a text ending in "…", an image not drawn)');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The PNG as stored: lossless when small enough, else with a palette. */
async function optimised(png: Buffer): Promise<Buffer> {
  const lossless = await sharp(png).png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
  if (lossless.length <= LOSSLESS_LIMIT) return lossless;
  return sharp(png).png({ compressionLevel: 9, palette: true, quality: 95, effort: 10 }).toBuffer();
}

async function photograph(screen: Screen, session: Session, url: string, keys: ShowcaseKeys): Promise<number> {
  const { page, problems } = session;
  const before = problems.length;
  await page.emulateMedia({ colorScheme: screen.dark ? 'dark' : 'light' });
  await page.goto(`${url}${screen.path(keys)}`);
  await screen.ready(page);
  await networkQuiet(session);
  await untilSettled(page);
  await page.mouse.move(1279, 799);
  const errors = (await page.evaluate(SHOWN_ERRORS)) as string[];
  if (errors.length > 0) throw new Error(`errors on the screen: ${errors.join(' | ')}`);
  if (problems.length > before) throw new Error(`the page reported: ${problems.slice(before).join(' | ')}`);
  const png = await optimised(await page.screenshot({ animations: 'disabled', caret: 'hide' }));
  writeFileSync(join(IMAGES, `${screen.name}.png`), png);
  return png.length;
}

async function main(): Promise<void> {
  const bundle = join(root, 'dist', 'stratum.js');
  if (!existsSync(bundle) || !existsSync(join(root, 'app', 'dist', 'index.html'))) {
    console.error('Build the server and the admin app first: npm run build && npm run build:app (this script builds nothing).');
    process.exit(1);
  }
  const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const unknown = wanted.filter((name) => !SCREENS.some((screen) => screen.name === name));
  if (unknown.length > 0) {
    console.error(`No such screen: ${unknown.join(', ')}. The screens: ${SCREENS.map((s) => s.name).join(', ')}.`);
    process.exit(1);
  }
  const screens = wanted.length > 0 ? SCREENS.filter((screen) => wanted.includes(screen.name)) : SCREENS;
  mkdirSync(IMAGES, { recursive: true });
  // Always SQLite in a temporary folder, whatever TEST_DB the shell has (the harness reads it when it starts the server).
  process.env.TEST_DB = 'sqlite';
  const [stratum, browser] = await Promise.all([startStratum({}, [bundle]), launchChromium()]);
  const failures: string[] = [];
  try {
    const keys = await seedShowcase(stratum);
    const sessionOf = sessions(browser, stratum);
    for (const screen of screens) {
      try {
        const bytes = await photograph(screen, await sessionOf(screen.user), stratum.url, keys);
        console.log(`${screen.name}.png  ${(bytes / 1024).toFixed(0)} KB  ${screen.shows}`);
      } catch (error) {
        failures.push(`${screen.name}: ${error instanceof Error ? error.message : String(error)}`);
        console.error(`${screen.name}: FAILED`);
      }
    }
  } finally {
    await browser.close();
    await stratum.stop();
  }
  if (failures.length > 0) {
    console.error(`\n${failures.length} screen(s) failed (their old pictures are kept):\n${failures.join('\n')}`);
    process.exit(1);
  }
  console.log(`\n${screens.length} screenshot(s) in docs/images/.`);
}

await main();
