/**
 * The screens `npm run docs:screenshots` photographs (scripts/screenshots.ts), each saved as docs/images/<name>.png:
 * who looks (signed out, the administrator, or the German-speaking editor), where, and what shows once the screen
 * is ready. Readiness waits for content, never for a fixed time; the German screen is found by structure (classes,
 * ids, roles without names), not by English words.
 */
import type { Page } from 'playwright-core';
import type { ShowcaseKeys } from './seed-showcase.js';

export type ScreenUser = 'signed-out' | 'admin' | 'german';

export type Screen = {
  /** The picture's name: docs/images/<name>.png. */
  name: string;
  /** What the picture shows (the script prints it; the docs' alt texts say the same in their own words). */
  shows: string;
  user: ScreenUser;
  /** The colour scheme the browser asks for (light unless said). */
  dark?: boolean;
  /** The address, from /admin on. */
  path(keys: ShowcaseKeys): string;
  /** Waits until the screen's content is there (and opens what the picture shows: a dialog, an editor). */
  ready(page: Page): Promise<void>;
};

const ARTICLES = '/admin/content/articles';
const layout = (name: string, options: Record<string, string> = {}) =>
  `${ARTICLES}?sort=-publish_date&layout=${name}${Object.keys(options).length > 0 ? `&options=${encodeURIComponent(JSON.stringify(options))}` : ''}`;
const itemPath = (keys: ShowcaseKeys) => `${ARTICLES}/${keys.article}`;

/** The item page is ready: its form holds the title and the side panel lists the article's three revisions. */
async function itemReady(page: Page): Promise<void> {
  await page.locator('form.item-form #field-title').waitFor();
  await page.waitForFunction(() => {
    const doc = (globalThis as unknown as { document: { querySelector(s: string): { value?: string } | null } }).document;
    return (doc.querySelector('#field-title')?.value ?? '') !== '';
  });
  await page.locator('aside.item-panel ol.timeline > li').nth(2).waitFor();
}

/** Scrolls an element to the top of the page's view. */
async function scrollToTop(page: Page, selector: string): Promise<void> {
  await page
    .locator(selector)
    .first()
    .evaluate((element) => (element as unknown as { scrollIntoView(o: unknown): void }).scrollIntoView({ block: 'start' }));
}

export const SCREENS: Screen[] = [
  {
    name: 'sign-in',
    shows: 'the sign-in page',
    user: 'signed-out',
    path: () => '/admin',
    ready: (page) => page.locator('#email').waitFor(),
  },
  {
    name: 'content-table',
    shows: 'the articles as a table',
    user: 'admin',
    path: () =>
      `${ARTICLES}?sort=-publish_date&fields=title,status,author,publish_date,cover&options=${encodeURIComponent(
        JSON.stringify({ widths: { title: 325, status: 130, author: 170, publish_date: 215 } }),
      )}`,
    ready: (page) => page.locator('tbody tr').nth(9).waitFor(),
  },
  {
    name: 'content-cards',
    shows: 'the articles as cards with their covers',
    user: 'admin',
    path: () => layout('cards', { imageSource: 'cover', subtitle: '{{ author.name }}' }),
    ready: (page) => page.locator('.cards .card img').nth(5).waitFor(),
  },
  {
    name: 'content-calendar',
    shows: 'the articles on a calendar by publish date',
    user: 'admin',
    path: () => layout('calendar'),
    ready: (page) => page.locator('table.calendar a').first().waitFor(),
  },
  {
    name: 'content-kanban',
    shows: 'the articles on a kanban board by status',
    user: 'admin',
    path: () => layout('kanban'),
    ready: (page) => page.locator('.kanban-column a').first().waitFor(),
  },
  {
    name: 'item',
    shows: 'an article: the form and the side panel',
    user: 'admin',
    path: itemPath,
    ready: itemReady,
  },
  {
    name: 'history-compare',
    shows: 'an earlier revision compared with the current article',
    user: 'admin',
    path: itemPath,
    ready: async (page) => {
      await itemReady(page);
      await page.locator('aside.item-panel ol.timeline > li').last().getByRole('button', { name: 'Compare with current' }).click();
      await page.locator('dialog[open] table tr').nth(2).waitFor();
    },
  },
  {
    name: 'files',
    shows: 'the file library',
    user: 'admin',
    path: () => '/admin/files',
    ready: (page) => page.locator('.file-grid img').nth(7).waitFor(),
  },
  {
    name: 'activity',
    shows: 'the activity log',
    user: 'admin',
    path: () => '/admin/activity',
    ready: (page) => page.locator('main tbody tr').nth(9).waitFor(),
  },
  {
    name: 'users',
    shows: 'the users',
    user: 'admin',
    path: () => '/admin/users',
    ready: (page) => page.locator('main tbody tr').nth(5).waitFor(),
  },
  {
    name: 'permission-matrix',
    shows: 'a policy’s permission matrix',
    user: 'admin',
    path: (keys) => `/admin/policies/${keys.editorsPolicy}`,
    ready: async (page) => {
      await page.locator('table.matrix tbody tr').nth(2).waitFor();
      await scrollToTop(page, 'section[aria-labelledby="permissions-title"]');
    },
  },
  {
    name: 'data-model',
    shows: 'the data model: the collections',
    user: 'admin',
    path: () => '/admin/data-model',
    ready: (page) => page.locator('.collection-list li').nth(2).waitFor(),
  },
  {
    name: 'data-model-field',
    shows: 'the data model: a field’s editor',
    user: 'admin',
    path: () => '/admin/data-model/articles',
    ready: async (page) => {
      await page.locator('main tbody tr').nth(5).waitFor();
      await page.getByRole('button', { name: 'Edit status', exact: true }).click();
      const heading = page.getByRole('heading', { level: 2, name: /status/ });
      await heading.waitFor();
      await heading.evaluate((element) => (element as unknown as { scrollIntoView(o: unknown): void }).scrollIntoView({ block: 'start' }));
    },
  },
  {
    name: 'flow',
    shows: 'a flow: its trigger and its chain of operations',
    user: 'admin',
    path: (keys) => `/admin/flows/${keys.flow}`,
    ready: async (page) => {
      await page.locator('.chain-step').nth(2).waitFor();
      await scrollToTop(page, 'section[aria-labelledby="chain-title"]');
    },
  },
  {
    name: 'insights',
    shows: 'an Insights dashboard',
    user: 'admin',
    path: (keys) => `/admin/insights/${keys.dashboard}`,
    ready: async (page) => {
      await page.locator('.dashboard-grid > li').nth(6).waitFor();
      await page.locator('.dashboard-grid svg').nth(1).waitFor();
    },
  },
  {
    name: 'account',
    shows: 'the account page',
    user: 'admin',
    path: () => '/admin/account',
    ready: (page) => page.locator('main form input').first().waitFor(),
  },
  {
    name: 'item-dark',
    shows: 'the article in dark mode',
    user: 'admin',
    dark: true,
    path: itemPath,
    ready: itemReady,
  },
  {
    name: 'item-german',
    shows: 'the article for a German-speaking editor',
    user: 'german',
    path: itemPath,
    ready: itemReady,
  },
];
