import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { adminData, uploadAsAdmin, type Row } from './admin-data.js';
import { ADMIN, expectAccessible, signIn, type StratumProcess } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';
import { USER_PASSWORD, userWith } from './user-with.js';

const pad = (n: number) => String(n).padStart(2, '0');
const now = new Date();
/** This month and the next, as `YYYY-MM` (the calendar opens on this month). */
const thisMonth = `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
const next = new Date(now.getFullYear(), now.getMonth() + 1, 1);
const nextMonth = `${next.getFullYear()}-${pad(next.getMonth() + 1)}`;

const ids: Record<string, number> = {};

/**
 * Tasks with a manual sort field, a status with choices, a due date and a cover image; a reader who may not change
 * them, and a mover who may change the status of tasks to do only.
 */
async function seed(stratum: StratumProcess): Promise<void> {
  await adminData(stratum, 'POST', '/collections', {
    collection: 'tasks',
    meta: { sort_field: 'sort', display_template: '{{ title }}' },
    fields: [
      { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'title', type: 'string' },
      {
        field: 'status',
        type: 'string',
        meta: {
          options: {
            choices: [
              { text: 'To do', value: 'todo' },
              { text: 'Doing', value: 'doing' },
              { text: 'Done', value: 'done' },
            ],
          },
        },
      },
      { field: 'due', type: 'dateTime' },
      { field: 'cover', type: 'uuid', meta: { interface: 'file-image', special: ['file'] } },
      { field: 'sort', type: 'integer', meta: { hidden: true } },
    ],
  });
  const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
  const file = await uploadAsAdmin(stratum, 'cover.png', 'image/png', image);
  const rows = (await adminData(stratum, 'POST', '/items/tasks', [
    { title: 'Task A', status: 'todo', due: `${thisMonth}-10T09:00:00`, sort: 1, cover: file.id },
    { title: 'Task B', status: 'doing', due: `${thisMonth}-12T09:00:00`, sort: 2 },
    { title: 'Task C', status: 'todo', due: `${nextMonth}-02T09:00:00`, sort: 3 },
    { title: 'Task D', status: null, due: null, sort: 4 },
    { title: 'Task E', status: 'doing', due: null, sort: 5 },
  ])) as unknown as { id: number; title: string }[];
  for (const row of rows) ids[row.title] = row.id;
  // Tickets: more open ones than a kanban column reads at first.
  await adminData(stratum, 'POST', '/collections', {
    collection: 'tickets',
    fields: [
      { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'name', type: 'string' },
      { field: 'state', type: 'string', meta: { options: { choices: [{ text: 'Open', value: 'open' }] } } },
    ],
  });
  await adminData(
    stratum,
    'POST',
    '/items/tickets',
    Array.from({ length: 27 }, (_, i) => ({ name: `Ticket ${i + 1}`, state: 'open' })),
  );
  await userWith(stratum, 'reader@example.com', [{ collection: 'tasks', action: 'read', fields: ['*'] }]);
  await userWith(stratum, 'mover@example.com', [
    { collection: 'tasks', action: 'read', fields: ['*'] },
    { collection: 'tasks', action: 'update', fields: ['status'], permissions: { status: { _eq: 'todo' } } },
  ]);
}

const chromiumFound = findChromium() !== null;

describe.skipIf(!chromiumFound)('list layouts in Chromium: table, cards, calendar, kanban', () => {
  const suite = useBrowserSuite({ setUp: seed });

  const titles = () =>
    suite.page
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map(
          (row) =>
            (row as unknown as { querySelector(s: string): { textContent: string } | null }).querySelector('td:not(.select):not(.manual)')
              ?.textContent ?? '',
        ),
      );
  const apiTitles = async () => {
    const answer = await suite.stratum.call('GET', '/items/tasks?sort=sort&fields=title', { token: await suite.stratum.adminToken() });
    return ((answer.json as { data: Row[] }).data ?? []).map((row) => row.title);
  };
  const statusOf = async (title: string) => {
    const answer = await suite.stratum.call('GET', `/items/tasks/${ids[title]}?fields=status`, { token: await suite.stratum.adminToken() });
    return (answer.json as { data: Row }).data.status;
  };
  const openPanel = async (selector: string) => {
    const details = suite.page.locator(selector);
    if ((await details.getAttribute('open')) === null) await details.locator('summary').first().click();
  };
  const saveView = async (name: string) => {
    const views = suite.page.getByRole('region', { name: 'Saved views' });
    await openPanel('details.views-panel');
    await views.getByLabel('Name of this view').fill(name);
    await views.getByRole('button', { name: 'Save view' }).click();
    await expect.poll(() => views.getByRole('status').textContent()).toBe(`Saved the view "${name}".`);
  };
  const applyView = async (name: string) => {
    const views = suite.page.getByRole('region', { name: 'Saved views' });
    await openPanel('details.views-panel');
    await views.getByLabel('View', { exact: true }).selectOption({ label: name });
    await views.getByRole('button', { name: 'Apply view' }).click();
  };
  const column = (title: string) => suite.page.locator('section.kanban-column', { has: suite.page.getByRole('heading', { name: title }) });

  it('resizes and moves columns, sorts by hand, shows cards, a calendar and a kanban board, and saves views with their layout', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/tasks');
    const layout = page.getByLabel('Layout', { exact: true });
    await expect.poll(() => layout.locator('option').allTextContents()).toEqual(['Table', 'Cards', 'Calendar', 'Kanban']);
    // Without a sort of its own, the list is in the manual order.
    await expect.poll(titles).toEqual(['Task A', 'Task B', 'Task C', 'Task D', 'Task E']);
    await expectAccessible(page, 'the table layout');

    // Resize Title by keyboard: three steps of 10 pixels, kept in the address.
    const resizer = page.getByRole('separator', { name: 'Resize column Title' });
    await expect.poll(async () => Number(await resizer.getAttribute('aria-valuenow'))).toBeGreaterThan(60);
    const before = Number(await resizer.getAttribute('aria-valuenow'));
    const historyLength = () => page.evaluate(() => (globalThis as unknown as { history: { length: number } }).history.length);
    const steps = await historyLength();
    await resizer.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(async () => Number(await resizer.getAttribute('aria-valuenow'))).toBe(before + 30);
    // A width replaces the address rather than adding a step of history per key.
    expect(await historyLength()).toBe(steps);
    expect(decodeURIComponent(page.url())).toContain(`"widths":{"title":${before + 30}}`);
    // Move Title right through its column menu.
    await page.getByRole('columnheader', { name: 'Title' }).locator('summary').click();
    await page.getByRole('button', { name: 'Move right' }).first().click();
    await expect.poll(() => page.locator('thead th button.sort').allTextContents()).toEqual(['Status', 'Title', 'Due', 'Cover']);
    await saveView('Wide titles');
    const stored = await stratum.call('GET', '/presets?fields=layout,layout_query,layout_options', { token: await stratum.adminToken() });
    expect((stored.json as { data: Row[] }).data).toEqual([
      {
        layout: 'tabular',
        layout_query: { tabular: { sort: null, limit: 25, fields: ['status', 'title', 'due', 'cover'] } },
        layout_options: { tabular: { widths: { title: before + 30 } } },
      },
    ]);

    // The plain list, then the view again: order and width come back.
    await page.goto(`${stratum.url}/admin/content/tasks`);
    await expect.poll(() => page.locator('thead th button.sort').allTextContents()).toEqual(['Title', 'Status', 'Due', 'Cover']);
    await applyView('Wide titles');
    await expect.poll(() => page.locator('thead th button.sort').allTextContents()).toEqual(['Status', 'Title', 'Due', 'Cover']);
    expect(Number(await resizer.getAttribute('aria-valuenow'))).toBe(before + 30);

    // Manual sort: Task C moves up above Task B, saved through /utils/sort.
    await page.getByRole('button', { name: `Move item ${ids['Task C']} up` }).click();
    await expect.poll(apiTitles).toEqual(['Task A', 'Task C', 'Task B', 'Task D', 'Task E']);
    const titleCells = () => page.locator('tbody td', { hasText: /^Task / }).allTextContents();
    await expect.poll(titleCells).toEqual(['Task A', 'Task C', 'Task B', 'Task D', 'Task E']);
    // …and by dragging its grip onto another row: Task E takes Task A's place.
    await page
      .locator('tbody tr', { hasText: 'Task E' })
      .locator('.grip')
      .dragTo(page.locator('tbody tr', { hasText: 'Task A' }));
    await expect.poll(apiTitles).toEqual(['Task E', 'Task A', 'Task C', 'Task B', 'Task D']);
    await expect.poll(titleCells).toEqual(['Task E', 'Task A', 'Task C', 'Task B', 'Task D']);

    // A pointer drags the Title handle 50 px wider.
    const handle = (await resizer.boundingBox())!;
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2 + 25, handle.y + handle.height / 2);
    await page.mouse.move(handle.x + handle.width / 2 + 50, handle.y + handle.height / 2);
    await page.mouse.up();
    await expect.poll(async () => Number(await resizer.getAttribute('aria-valuenow'))).toBe(before + 80);
    expect(decodeURIComponent(page.url())).toContain(`"widths":{"title":${before + 80}}`);

    // Cards with the cover as image.
    await layout.selectOption({ label: 'Cards' });
    const cards = page.getByRole('list', { name: 'Tasks cards' });
    await expect.poll(() => cards.getByRole('link').allTextContents()).toEqual(['Task E', 'Task A', 'Task C', 'Task B', 'Task D']);
    await openPanel('details.layout-options');
    await page.getByLabel('Image', { exact: true }).selectOption('cover');
    const cover = cards.getByRole('img', { name: 'Task A' });
    await expect.poll(() => cover.getAttribute('src')).toContain('/assets/');
    await expect.poll(() => cover.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    expect(await cards.getByRole('checkbox', { name: 'Select Task B' }).count()).toBe(1);
    await expectAccessible(page, 'the cards layout');

    // The calendar: this month's items on their days; the next month and back.
    await layout.selectOption({ label: 'Calendar' });
    const day = (date: string) => page.locator('table.calendar td', { has: page.locator(`time[datetime="${date}"]`) });
    await expect.poll(() => day(`${thisMonth}-10`).first().getByRole('link').allTextContents()).toEqual(['Task A']);
    expect(await day(`${thisMonth}-12`).first().getByRole('link').allTextContents()).toEqual(['Task B']);
    await expectAccessible(page, 'the calendar layout');
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect.poll(() => day(`${nextMonth}-02`).first().getByRole('link').allTextContents()).toEqual(['Task C']);
    expect(await page.getByRole('link', { name: 'Task A' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect.poll(() => day(`${thisMonth}-10`).first().getByRole('link').allTextContents()).toEqual(['Task A']);
    // A week instead: seven days from a Monday, and the next week.
    await openPanel('details.layout-options');
    await page.getByLabel('Show', { exact: true }).selectOption('week');
    await expect.poll(() => page.locator('table.calendar tbody td').count()).toBe(7);
    expect(await page.locator('table.calendar caption').textContent()).toContain('Week of');
    const firstDay = () => page.locator('table.calendar tbody time').first().getAttribute('datetime');
    const monday = (await firstDay())!;
    expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect
      .poll(async () => (Date.parse(`${(await firstDay())!}T00:00:00Z`) - Date.parse(`${monday}T00:00:00Z`)) / 86_400_000)
      .toBe(7);
    await expectAccessible(page, 'the calendar layout, a week');

    // Kanban: a column per status and one for none; a card moves by keyboard and by drag.
    await layout.selectOption({ label: 'Kanban' });
    await expect
      .poll(() => page.locator('.kanban-column h2').allTextContents())
      .toEqual(['To do (2)', 'Doing (2)', 'Done (0)', 'No value (1)']);
    await expectAccessible(page, 'the kanban layout');
    await page.getByLabel('Move to (for Task A)').selectOption({ label: 'Done' });
    await page.getByRole('button', { name: 'Move Task A' }).click();
    await expect.poll(() => statusOf('Task A')).toBe('done');
    await expect.poll(() => column('Done').getByRole('link').allTextContents()).toEqual(['Task A']);
    await page.locator('.kanban-card', { hasText: 'Task B' }).dragTo(column('Done'), { sourcePosition: { x: 12, y: 12 } });
    await expect.poll(() => statusOf('Task B')).toBe('done');
    await expect.poll(() => column('Done').getByRole('link').allTextContents()).toContain('Task B');

    // Each layout keeps its options through a round of switches: the table's width, the cards' image, the
    // calendar's week and the board's card title.
    await openPanel('details.layout-options');
    await page.getByLabel('Card title').fill('Card {{ title }}');
    await page.getByLabel('Card title').press('Tab');
    await expect.poll(() => column('Done').getByRole('link').allTextContents()).toContain('Card Task A');
    await layout.selectOption({ label: 'Table' });
    await expect.poll(async () => Number(await resizer.getAttribute('aria-valuenow'))).toBe(before + 80);
    await layout.selectOption({ label: 'Cards' });
    await expect.poll(() => cards.getByRole('img', { name: 'Task A' }).getAttribute('src')).toContain('/assets/');
    await layout.selectOption({ label: 'Calendar' });
    await expect.poll(() => page.locator('table.calendar tbody td').count()).toBe(7);
    await layout.selectOption({ label: 'Kanban' });
    await expect.poll(() => column('Done').getByRole('link').allTextContents()).toContain('Card Task A');

    // A view with the kanban layout comes back as the board, with every layout's options.
    await saveView('Board');
    const board = await stratum.call('GET', '/presets?filter[bookmark][_eq]=Board&fields=layout,layout_options', {
      token: await stratum.adminToken(),
    });
    expect((board.json as { data: Row[] }).data[0]).toMatchObject({
      layout: 'kanban',
      layout_options: {
        tabular: { widths: { title: before + 80 } },
        cards: { imageSource: 'cover' },
        calendar: { view: 'week' },
        kanban: { title: 'Card {{ title }}' },
      },
    });
    await page.goto(`${stratum.url}/admin/content/tasks`);
    await expect.poll(titles).toHaveLength(5);
    await applyView('Board');
    await expect.poll(() => layout.inputValue()).toBe('kanban');
    await expect.poll(() => column('Done').getByRole('link').count()).toBe(2);
    await layout.selectOption({ label: 'Cards' });
    await expect.poll(() => cards.getByRole('img', { name: 'Task A' }).getAttribute('src')).toContain('/assets/');

    // A column reads 25 cards at first; "Load more" reads the rest.
    await page.goto(`${stratum.url}/admin/content/tickets?layout=kanban`);
    await expect.poll(() => column('Open').getByRole('link').count()).toBe(25);
    expect(await column('Open').getByRole('heading').textContent()).toBe('Open (25+)');
    await page.getByRole('button', { name: 'Load more in Open' }).click();
    await expect.poll(() => column('Open').getByRole('link').count()).toBe(27);
    expect(await page.getByRole('button', { name: 'Load more in Open' }).count()).toBe(0);
  });

  it('gives a reader no way to move items or change their order', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, 'reader@example.com', USER_PASSWORD, '/admin/content/tasks');
    await expect.poll(titles).toHaveLength(5);
    expect(await page.getByRole('button', { name: /^Move item/ }).count()).toBe(0);
    await page.goto(`${stratum.url}/admin/content/tasks?layout=kanban`);
    await expect.poll(() => page.locator('.kanban-card').count()).toBe(5);
    expect(await page.getByText('Move to').count()).toBe(0);
    expect(await page.locator('.kanban-card[draggable="true"]').count()).toBe(0);
    // A layout the collection cannot have (a wrong address) is the table.
    await page.goto(`${stratum.url}/admin/content/tasks?layout=gallery`);
    await expect.poll(titles).toHaveLength(5);
  });

  it('puts a card back and says so when the server refuses the move', async () => {
    const { stratum, page } = suite;
    await signIn(page, stratum.url, 'mover@example.com', USER_PASSWORD, '/admin/content/tasks?layout=kanban');
    await expect.poll(() => column('Doing').getByRole('link').allTextContents()).toContain('Task E');
    await page.getByLabel('Move to (for Task E)').selectOption({ label: 'To do' });
    await page.getByRole('button', { name: 'Move Task E' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('You may not move "Task E": it is back in its column.');
    expect(await column('Doing').getByRole('link').allTextContents()).toContain('Task E');
    expect(await statusOf('Task E')).toBe('doing');
  });
});
