import { describe, expect, it } from 'vitest';
import { adminData } from './admin-data.js';
import { ADMIN, expectAccessible, signIn, type StratumProcess } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';
import { USER_PASSWORD, userWith } from './user-with.js';

const alias = (field: string, meta: Record<string, unknown>) => ({
  field,
  type: 'alias',
  meta: { special: ['alias', 'no-data'], ...meta },
});

/**
 * Articles laid out in two columns: title and subtitle side by side, a divider, a collapsible group holding the
 * summary, a rating with its own validation message; one article with two revisions; a user who may only read.
 */
async function seed(stratum: StratumProcess): Promise<void> {
  await adminData(stratum, 'POST', '/collections', {
    collection: 'articles',
    fields: [
      { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'title', type: 'string', meta: { sort: 1, width: 'half' } },
      { field: 'subtitle', type: 'string', meta: { sort: 2, width: 'half' } },
      {
        field: 'rating',
        type: 'integer',
        meta: { sort: 3, width: 'full', validation: { rating: { _lte: 5 } }, validation_message: 'A rating is at most 5.' },
      },
      alias('seo_divider', { sort: 4, interface: 'presentation-divider', options: { title: 'Search engines' } }),
      alias('extra', { sort: 5, interface: 'group-detail', special: ['alias', 'no-data', 'group'] }),
      { field: 'summary', type: 'text', meta: { sort: 1, group: 'extra' } },
      { field: 'user_created', type: 'uuid', meta: { hidden: true, special: ['user-created'] } },
      { field: 'date_created', type: 'timestamp', meta: { hidden: true, special: ['date-created'] } },
    ],
  });
  await adminData(stratum, 'POST', '/items/articles', { title: 'First title', subtitle: 'Sub', rating: 3, summary: 'Short' });
  await adminData(stratum, 'PATCH', '/items/articles/1', { title: 'Second title' });
  await userWith(stratum, 'reader@example.com', [
    { collection: 'articles', action: 'read', fields: ['*'] },
    { collection: 'service_revisions', action: 'read', fields: ['*'] },
    { collection: 'service_activity', action: 'read', fields: ['*'] },
  ]);
}

describe.skipIf(!findChromium())('the item page: layout, side panel, history compare and revert', () => {
  const suite = useBrowserSuite({ setUp: seed });

  it('lays the form out, refuses a bad value in place, compares and reverts a revision, and asks before leaving', async () => {
    const { page, stratum } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/articles/1');
    const title = page.getByLabel(/^Title/);
    await expect.poll(() => title.inputValue()).toBe('Second title');

    // Half widths sit side by side; a full one spans both.
    const [titleBox, subtitleBox, ratingBox] = await Promise.all(
      ['title', 'subtitle', 'rating'].map((name) => page.locator(`#field-${name}`).boundingBox()),
    );
    expect(Math.abs(titleBox!.y - subtitleBox!.y)).toBeLessThan(2);
    expect(subtitleBox!.x).toBeGreaterThan(titleBox!.x + titleBox!.width);
    expect(ratingBox!.y).toBeGreaterThan(titleBox!.y + titleBox!.height);
    expect(ratingBox!.width).toBeGreaterThan(titleBox!.width * 1.5);

    // The divider's title, and a group that closes and opens by keyboard.
    expect(await page.getByText('Search engines', { exact: true }).isVisible()).toBe(true);
    const group = page.getByRole('button', { name: 'Extra' });
    expect(await group.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByLabel('Summary').isVisible()).toBe(true);
    await group.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => group.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByLabel('Summary').isVisible()).toBe(false);
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByLabel('Summary').isVisible()).toBe(true);

    // A value the field's validation refuses: its own message, on the field.
    await page.getByLabel('Rating').fill('9');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.locator('#field-rating-error').textContent()).toBe('A rating is at most 5.');
    expect(await page.getByLabel('Rating').getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Rating').fill('3');

    // The side panel's sections close and open.
    const panel = page.getByRole('complementary', { name: 'About this item' });
    const info = panel.getByRole('button', { name: 'Information' });
    expect(await info.getAttribute('aria-expanded')).toBe('true');
    expect(await panel.getByText('Primary key').isVisible()).toBe(true);
    await info.click();
    await expect.poll(() => panel.getByText('Primary key').isVisible()).toBe(false);
    await info.click();
    await expect.poll(() => panel.getByText('Primary key').isVisible()).toBe(true);
    expect(await panel.getByRole('definition').nth(1).textContent()).toBe('Admin User');
    expect(await panel.getByRole('term').allTextContents()).toEqual(['Primary key', 'Created by', 'Created on']);
    for (const name of ['History', 'Comments', 'Sharing'])
      expect(await panel.getByRole('button', { name, exact: true }).getAttribute('aria-expanded')).toBe('true');
    await expectAccessible(page, 'the item page with its side panel open');

    // On a narrow screen: one column, the panel below the form.
    await page.setViewportSize({ width: 600, height: 900 });
    await expect
      .poll(async () => (await page.locator('#field-subtitle').boundingBox())!.y)
      .toBeGreaterThan((await page.locator('#field-title').boundingBox())!.y + 10);
    const formBox = (await page.locator('form.item-form').boundingBox())!;
    expect((await panel.boundingBox())!.y).toBeGreaterThanOrEqual(formBox.y + formBox.height);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The first revision beside the current item: the title differs, the subtitle does not.
    const history = page.getByRole('region', { name: 'History' });
    await history.getByRole('listitem').last().getByRole('button', { name: 'Compare with current' }).click();
    const compare = page.getByRole('dialog', { name: /^Revision of .* and the current item$/ });
    await expect
      .poll(() => compare.getByRole('row', { name: /^Title/ }).textContent())
      .toBe('TitleFirst titleSecond titleChangedRevert Title');
    expect(await compare.getByRole('row', { name: /^Subtitle/ }).textContent()).toBe('SubtitleSubSubSame');
    await expectAccessible(page, 'a revision compared with the current item');

    // Revert one field: it goes into the form unsaved; saving sends it.
    await compare.getByRole('button', { name: 'Revert Title' }).click();
    await expect.poll(() => compare.getByText('In the form, not saved yet').count()).toBe(1);
    await compare.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => compare.isVisible()).toBe(false);
    expect(await title.inputValue()).toBe('First title');
    expect((await adminData(stratum, 'GET', '/items/articles/1')).title).toBe('Second title');

    // Leaving with unsaved changes asks, once, by the app's menu or the page's own links: staying keeps them.
    const asked: string[] = [];
    const stay = (dialog: { message(): string; dismiss(): Promise<void> }) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    };
    page.on('dialog', stay);
    await page.getByRole('link', { name: 'Files', exact: true }).click();
    await expect.poll(() => asked).toEqual(['Leave this page? Your unsaved changes will be lost.']);
    await page.getByRole('link', { name: 'Articles' }).first().click();
    await expect.poll(() => asked.length).toBe(2);
    await page.waitForTimeout(200);
    expect(asked).toHaveLength(2);
    page.off('dialog', stay);
    expect(page.url()).toMatch(/\/admin\/content\/articles\/1$/);
    expect(await title.inputValue()).toBe('First title');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Saved.');
    expect((await adminData(stratum, 'GET', '/items/articles/1')).title).toBe('First title');

    // Saved: leaving no longer asks.
    await page.getByRole('link', { name: 'Articles' }).first().click();
    await expect.poll(() => page.url()).toMatch(/\/admin\/content\/articles$/);
  });

  it('asks before the browser’s Back button leaves unsaved changes: staying keeps the page and the edit', async () => {
    const { page, stratum } = suite;
    // A new item from the list, so that Back is a step inside the app (a popstate, not a new document).
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/articles');
    await page.getByRole('link', { name: 'Create item' }).click();
    const title = page.getByLabel(/^Title/);
    await expect.poll(() => title.isEditable()).toBe(true);
    await title.fill('Unsaved title');

    const asked: string[] = [];
    const answer = (accept: boolean) => (dialog: { message(): string; accept(): Promise<void>; dismiss(): Promise<void> }) => {
      asked.push(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    };
    page.once('dialog', answer(false));
    await page.goBack();
    await expect.poll(() => asked).toEqual(['Leave this page? Your unsaved changes will be lost.']);
    // Stayed: the item's address, its form and the edit (the router never saw the list's address).
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/content/articles/+');
    expect(await title.inputValue()).toBe('Unsaved title');
    await page.waitForTimeout(200);
    expect(await title.inputValue()).toBe('Unsaved title');
    expect(await page.getByRole('button', { name: 'Create' }).isVisible()).toBe(true);

    // Back again, agreeing this time: the list.
    page.once('dialog', answer(true));
    await page.goBack();
    await expect.poll(() => asked).toHaveLength(2);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/content/articles');
    await expect.poll(() => page.getByRole('heading', { name: 'Articles', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Create', exact: true }).count()).toBe(0);
    expect(await adminData(stratum, 'GET', '/items/articles?filter[title][_eq]=Unsaved%20title')).toEqual([]);
  });

  it('shows a user who may only read the history and its compare, without any revert button', async () => {
    const { page, stratum } = suite;
    await signIn(page, stratum.url, 'reader@example.com', USER_PASSWORD, '/admin/content/articles/1');
    const history = page.getByRole('region', { name: 'History' });
    await expect.poll(() => history.getByRole('listitem').count()).toBeGreaterThan(1);
    expect(await history.getByRole('button', { name: 'Revert to this version' }).count()).toBe(0);
    await history.getByRole('listitem').last().getByRole('button', { name: 'Compare with current' }).click();
    const compare = page.getByRole('dialog', { name: /and the current item$/ });
    // (The first test put the first title back: the row reads Same, or Changed when that test stopped early.)
    await expect.poll(() => compare.getByRole('row', { name: /^Title/ }).textContent()).toMatch(/^TitleFirst title.*(Same|Changed)$/);
    await expect.poll(() => compare.getByRole('row', { name: /^Subtitle/ }).count()).toBe(1);
    expect(await compare.getByRole('button', { name: /^Revert/ }).count()).toBe(0);
  });
});
