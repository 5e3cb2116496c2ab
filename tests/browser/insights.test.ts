import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminData } from './admin-data.js';
import { ADMIN, expectAccessible, signIn, type StratumProcess } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';
import { focusedName } from './tab-order.js';
import { USER_PASSWORD, userWith } from './user-with.js';

/**
 * Orders on three days; a "Shared" dashboard (a metric of orders and a label) made through the API; a viewer who
 * may read dashboards and panels but not orders.
 */
async function seed(stratum: StratumProcess): Promise<void> {
  await adminData(stratum, 'POST', '/collections', {
    collection: 'orders',
    fields: [
      { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'title', type: 'string' },
      { field: 'total', type: 'integer' },
      { field: 'placed', type: 'timestamp' },
    ],
  });
  await adminData(stratum, 'POST', '/items/orders', [
    { title: 'A', total: 10, placed: '2026-11-01T10:00:00Z' },
    { title: 'B', total: 20, placed: '2026-11-01T12:00:00Z' },
    { title: 'C', total: 5, placed: '2026-11-02T09:00:00Z' },
    { title: 'D', total: 25, placed: '2026-11-04T09:00:00Z' },
  ]);
  const shared = await adminData(stratum, 'POST', '/dashboards', { name: 'Shared' });
  const place = { position_y: 1, width: 8, height: 6, show_header: true };
  await adminData(stratum, 'POST', '/panels', [
    {
      dashboard: shared.id,
      name: 'Order count',
      type: 'metric',
      position_x: 1,
      ...place,
      options: { collection: 'orders', function: 'count' },
    },
    {
      dashboard: shared.id,
      name: 'Welcome',
      type: 'label',
      position_x: 10,
      ...place,
      options: { text: 'Numbers of the week <img src=x onerror=alert(1)>' },
    },
  ]);
  await userWith(stratum, 'viewer@example.com', [
    { collection: 'service_dashboards', action: 'read', fields: ['*'] },
    { collection: 'service_panels', action: 'read', fields: ['*'] },
  ]);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const panel = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

/** Chooses an option once the select has it (collections and fields arrive from the API). */
async function choose(page: Page, label: string, value: string): Promise<void> {
  const select = page.getByLabel(label, { exact: true });
  await expect.poll(() => select.locator(`option[value="${value}"]`).count()).toBe(1);
  await select.selectOption(value);
}

describe.skipIf(!findChromium())('the Insights section', () => {
  const suite = useBrowserSuite({ setUp: seed });

  it('creates a dashboard with a metric and a time-series panel, shows their values, updates live, renames and deletes it', async () => {
    const { page, stratum } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password);
    await nav(page).getByRole('link', { name: 'Insights' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Shared' }).count()).toBe(1);
    await expectAccessible(page, 'the dashboards list');

    await page.getByLabel('Name').fill('Sales');
    await page.getByRole('button', { name: 'Create dashboard' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Dashboard: Sales' }).count()).toBe(1);

    // A metric: the sum of the orders' totals.
    await page.getByRole('button', { name: 'Add panel' }).click();
    await page.getByLabel('Panel name').fill('Revenue');
    await choose(page, 'Collection', 'orders');
    await page.getByLabel('Aggregate').selectOption('sum');
    await choose(page, 'Field', 'total');
    await page.getByLabel('Prefix').fill('€');
    await page.getByRole('button', { name: 'Save panel' }).click();
    await expect.poll(() => panel(page, 'Revenue').locator('.panel-metric').textContent()).toBe('€60');

    // A time series: orders per day, drawn with a text alternative and a data table.
    await page.getByRole('button', { name: 'Add panel' }).click();
    await expect.poll(() => focusedName(page)).toBe('panel-name');
    await page.getByLabel('Panel name').fill('Orders per day');
    await page.getByLabel('Panel type').selectOption('time-series');
    await choose(page, 'Collection', 'orders');
    await choose(page, 'Date field', 'placed');
    await page.getByLabel('Group by').selectOption('day');
    // Bad input stays in the browser: a filter that is not JSON is named, and nothing is saved.
    await page.getByLabel('Filter (JSON, optional)').fill('{"total": ');
    await page.getByRole('button', { name: 'Save panel' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'The filter is not valid JSON.' }).count()).toBe(1);
    await page.getByLabel('Filter (JSON, optional)').fill('{"total": {"_gt": 0}}');
    await page.getByRole('button', { name: 'Save panel' }).click();
    const chart = panel(page, 'Orders per day').getByRole('img');
    await expect
      .poll(() => chart.getAttribute('aria-label'))
      .toBe('Orders per day, time series of 3 points, from 2026-11-01 to 2026-11-04; lowest 1, highest 2.');
    await panel(page, 'Orders per day').getByText('Data table').click();
    expect(await panel(page, 'Orders per day').getByRole('row').allTextContents()).toEqual([
      'placedcount',
      '2026-11-012',
      '2026-11-021',
      '2026-11-041',
    ]);
    await expectAccessible(page, 'a dashboard with a metric and a time series');

    // Live: an order written elsewhere changes both panels without a reload.
    await expect.poll(() => page.getByText('Updates live').count()).toBe(1);
    await adminData(stratum, 'POST', '/items/orders', { title: 'E', total: 40, placed: '2026-11-04T18:00:00Z' });
    await expect.poll(() => panel(page, 'Revenue').locator('.panel-metric').textContent()).toBe('€100');
    await expect.poll(() => chart.getAttribute('aria-label')).toContain('highest 2');

    // Editing a panel: the metric becomes a count.
    await panel(page, 'Revenue').getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Aggregate').selectOption('count');
    await page.getByLabel('Prefix').fill('');
    await page.getByRole('button', { name: 'Save panel' }).click();
    await expect.poll(() => panel(page, 'Revenue').locator('.panel-metric').textContent()).toBe('5');

    page.once('dialog', (dialog) => void dialog.accept());
    await panel(page, 'Orders per day').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => panel(page, 'Orders per day').count()).toBe(0);

    await page.getByRole('link', { name: 'Insights' }).first().click();
    await page.getByRole('button', { name: 'Rename Sales' }).click();
    await page.getByLabel('New name').fill('Sales, renamed');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Sales, renamed' }).count()).toBe(1);
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete Sales, renamed' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Sales, renamed' }).count()).toBe(0);
  });

  it('shows a viewer without read on a collection "No access" in its panels, the rest of the dashboard, and no write buttons', async () => {
    const { page, stratum } = suite;
    await signIn(page, stratum.url, 'viewer@example.com', USER_PASSWORD);
    await nav(page).getByRole('link', { name: 'Insights' }).click();
    await page.getByRole('link', { name: 'Shared' }).click();
    await expect.poll(() => panel(page, 'Order count').getByText('No access: you may not read orders.').count()).toBe(1);
    // Stored text is shown as text, never as markup.
    expect(await panel(page, 'Welcome').locator('.panel-label').textContent()).toBe('Numbers of the week <img src=x onerror=alert(1)>');
    expect(await panel(page, 'Welcome').locator('img').count()).toBe(0);
    // A viewer who may only read gets no buttons that would lead to refusals.
    expect(await page.getByRole('button', { name: /Add panel|Edit|Delete/ }).count()).toBe(0);
    await expectAccessible(page, "a viewer's dashboard");
    await page.getByRole('link', { name: 'Insights' }).first().click();
    await expect.poll(() => page.getByRole('link', { name: 'Shared' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /Create dashboard|Rename|Delete/ }).count()).toBe(0);
  });
});
