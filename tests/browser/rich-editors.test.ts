import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { adminData, uploadAsAdmin } from './admin-data.js';
import { ADMIN, expectAccessible, signIn, type StratumProcess, typeWhenEditable } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';
import { USER_PASSWORD, userWith } from './user-with.js';

/** Hostile stored values: each would set `window.pwned` if any of it ran. */
const HOSTILE_MARKDOWN = [
  '# Title',
  '',
  '<img src="nothing.png" onerror="window.pwned = 1">',
  '',
  '<script>window.pwned = 2</script>',
  '',
  '[click](javascript:window.pwned=3) and **strong**',
].join('\n');
const HOSTILE_HTML =
  '<p>Hello <strong>there</strong></p><img src="nothing.png" onerror="window.pwned = 4"><p><a href="javascript:window.pwned=5">bad link</a></p>';

/** Posts with one field of each rich interface (and a read-only code field), and one post holding hostile values. */
async function seed(stratum: StratumProcess): Promise<void> {
  await adminData(stratum, 'POST', '/collections', {
    collection: 'posts',
    fields: [
      { field: 'id', type: 'integer', schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'body', type: 'text', meta: { interface: 'input-rich-text-md' } },
      { field: 'content', type: 'text', meta: { interface: 'input-rich-text-html' } },
      { field: 'snippet', type: 'text', meta: { interface: 'input-code', options: { language: 'javascript' } } },
      { field: 'config', type: 'json', meta: { interface: 'input-code', options: { language: 'JSON' } } },
      { field: 'locked', type: 'text', meta: { interface: 'input-code', readonly: true, options: { language: 'sql' } } },
    ],
  });
  await adminData(stratum, 'POST', '/items/posts', {
    body: HOSTILE_MARKDOWN,
    content: HOSTILE_HTML,
    snippet: 'const a = 1;',
    config: { a: 1 },
    locked: 'select 1;',
  });
}

const pwned = (page: Page) => page.evaluate(() => (globalThis as unknown as { pwned?: number }).pwned ?? null);
const stored = async (stratum: StratumProcess) => (await adminData(stratum, 'GET', '/items/posts/1')) as Record<string, unknown>;
const focusedInside = (page: Page, selector: string) =>
  page.evaluate(
    (s) =>
      Boolean(
        (globalThis as unknown as { document: { activeElement: { closest(s: string): unknown } | null } }).document.activeElement?.closest(
          s,
        ),
      ),
    selector,
  );

describe.skipIf(findChromium() === null)('the rich editors of the item form', () => {
  // Chromium reports the hostile `onerror` as a blocked inline handler when DOMPurify parses the stored HTML into its
  // inert document (the handler never runs there: see DOMPurify issue 900); the test checks instead that no handler
  // reaches the page and that `window.pwned` stays unset.
  const suite = useBrowserSuite({
    setUp: seed,
    ignoreProblem: (problem) => problem.startsWith('console: Executing inline event handler violates'),
  });

  it('edits markdown, HTML and code, sanitises stored HTML, validates JSON, and keeps Tab escapable', async () => {
    const { stratum, page } = suite;
    page.setDefaultTimeout(15_000);
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/posts/1');

    // Each editor loads for its field (its chunk fetched for this form).
    await expect.poll(() => page.getByRole('toolbar', { name: 'Body formatting' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByRole('toolbar', { name: 'Content formatting' }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.locator('.code-editor .cm-editor').count(), { timeout: 15_000 }).toBe(3);
    await expectAccessible(page, 'the item form with the three rich editors');

    // Markdown: the preview renders, and the hostile HTML in it does not run.
    await page.getByRole('tab', { name: 'Preview' }).click();
    const preview = page.locator('.markdown-preview');
    await expect.poll(() => preview.getByRole('heading', { name: 'Title' }).isVisible()).toBe(true);
    expect(await preview.locator('strong').textContent()).toBe('strong');
    expect(await preview.locator('script, [onerror]').count()).toBe(0);
    expect(await preview.locator('img').getAttribute('alt')).toBe('');
    expect(await preview.locator('a', { hasText: 'click' }).getAttribute('href')).toBeNull();
    await expectAccessible(page, 'the markdown preview');

    // Markdown: typing, a toolbar button and Ctrl+I wrap the selection.
    await page.getByRole('tab', { name: 'Edit' }).click();
    const body = page.getByRole('textbox', { name: 'Body', exact: true });
    await body.fill('hello world');
    await body.evaluate((el) => (el as unknown as { setSelectionRange(a: number, b: number): void }).setSelectionRange(6, 11));
    await page.getByRole('toolbar', { name: 'Body formatting' }).getByRole('button', { name: 'Bold' }).click();
    await expect.poll(() => body.inputValue()).toBe('hello **world**');
    await body.evaluate((el) => (el as unknown as { setSelectionRange(a: number, b: number): void }).setSelectionRange(0, 5));
    await page.keyboard.press('Control+i');
    await expect.poll(() => body.inputValue()).toBe('_hello_ **world**');

    // WYSIWYG: the stored HTML was cleaned when loaded; typing and Bold (its state in aria-pressed) change it.
    const content = page.getByRole('textbox', { name: 'Content', exact: true });
    expect(await content.locator('img, [onerror]').count()).toBe(0);
    expect(await content.getByText('bad link').count()).toBe(1);
    expect(await content.locator('a[href^="javascript"]').count()).toBe(0);
    // A click on the field's visible label focuses the editor, as it does a plain input.
    await page.locator('label[for="field-content"]').click();
    // TipTap focuses in the next animation frame: wait for it.
    await expect.poll(() => focusedInside(page, '#field-content')).toBe(true);
    await page.keyboard.press('Control+End');
    const bold = page.getByRole('toolbar', { name: 'Content formatting' }).getByRole('button', { name: 'Bold' });
    await bold.click();
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.type(' loud');
    // A link on the selected word: a script address is refused in words, a web address applied.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.getByRole('toolbar', { name: 'Content formatting' }).getByRole('button', { name: 'Link' }).click();
    const address = page.getByRole('textbox', { name: 'Link address' });
    await expect
      .poll(() =>
        address.evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement),
      )
      .toBe(true);
    await address.fill('javascript:window.pwned=6');
    await page.getByRole('button', { name: 'Apply link' }).click();
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Enter a web' }).isVisible()).toBe(true);
    await address.fill('https://example.com/docs');
    await address.press('Enter');
    await expect.poll(() => content.locator('a[href="https://example.com/docs"]').textContent()).toBe('loud');

    // Code: Tab indents inside the editor; Esc then Tab moves on.
    const snippet = page.getByRole('textbox', { name: 'Snippet', exact: true });
    expect(await snippet.getAttribute('aria-describedby')).toContain('field-snippet-keys');
    await page.locator('label[for="field-snippet"]').click();
    expect(await focusedInside(page, '#field-snippet')).toBe(true);
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await focusedInside(page, '#field-snippet')).toBe(true);
    await page.keyboard.type('b();');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    expect(await focusedInside(page, '#field-snippet')).toBe(false);

    // JSON: a broken value is shown in place and not saved.
    const config = page.getByRole('textbox', { name: 'Config', exact: true });
    await config.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(',');
    await expect.poll(() => page.getByText(/^Not valid JSON at line \d+, column \d+/).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByText('Enter valid JSON.').isVisible()).toBe(true);
    expect((await stored(stratum)).body).toBe(HOSTILE_MARKDOWN);

    // Fixed, everything is saved: read back through the API.
    await config.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Backspace');
    await expect.poll(() => page.getByText(/^Not valid JSON/).count()).toBe(0);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await stored(stratum)).body).toBe('_hello_ **world**');
    const saved = await stored(stratum);
    expect(saved.content).toMatch(/<strong>(<a [^>]*>)?\s?loud/);
    expect(saved.content).toContain('<strong>there</strong>');
    expect(saved.content).not.toMatch(/onerror|javascript:|<img/);
    expect(saved.content).toMatch(/<a [^>]*href="https:\/\/example\.com\/docs"[^>]*>(<strong>)?loud/);
    expect(saved.snippet).toMatch(/^const a = 1;\n\s+b\(\);$/);
    expect(saved.config).toEqual({ a: 1 });

    // A read-only code field: focusable and readable, not editable.
    const locked = page.getByRole('textbox', { name: 'Locked (read-only)', exact: true });
    expect(await locked.getAttribute('aria-readonly')).toBe('true');
    await locked.focus();
    expect(await focusedInside(page, '#field-locked')).toBe(true);
    await page.keyboard.type('drop table x;');
    expect(await locked.textContent()).toBe('select 1;');

    expect(await pwned(page)).toBeNull();
    await expectAccessible(page, 'the item form after saving');
  });

  it('shows the rich fields read-only, focusable and unchanged to a user who may not update them', async () => {
    const { stratum, page } = suite;
    await userWith(stratum, 'reader@example.com', [
      { collection: 'posts', action: 'read', fields: ['*'] },
      { collection: 'posts', action: 'update', fields: ['snippet'] },
    ]);
    const before = await stored(stratum);
    await signIn(page, stratum.url, 'reader@example.com', USER_PASSWORD, '/admin/content/posts/1');
    const content = page.getByRole('textbox', { name: 'Content (read-only)', exact: true });
    await expect.poll(() => content.getAttribute('aria-readonly'), { timeout: 15_000 }).toBe('true');
    const body = page.getByRole('textbox', { name: 'Body (read-only)', exact: true });
    await expect.poll(() => body.isEditable()).toBe(false);
    expect(await page.getByRole('toolbar').count()).toBe(0);
    await content.focus();
    await page.keyboard.type('vandal');
    expect(await content.textContent()).not.toContain('vandal');
    expect(await page.getByRole('textbox', { name: 'Snippet', exact: true }).getAttribute('aria-readonly')).toBeNull();
    await expectAccessible(page, 'the rich editors read-only');
    expect(await stored(stratum)).toEqual(before);
  });

  it('inserts images from the file library and by address with their alternative text; stored images keep only src and alt', async () => {
    const { stratum, page } = suite;
    const harbour = await uploadAsAdmin(
      stratum,
      'harbour.png',
      'image/png',
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer(),
    );
    const asset = `/assets/${String(harbour.id)}`;
    // A stored image with attributes beyond src and alt: cleaned to those two when loaded.
    const post = await adminData(stratum, 'POST', '/items/posts', {
      content: `<p>Pictures <img src="${asset}" alt="kept" width="9" title="extra" class="x" onerror="window.pwned = 7"></p>`,
    });
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, `/admin/content/posts/${String(post.id)}`);
    const content = page.getByRole('textbox', { name: 'Content', exact: true });
    // (ProseMirror draws a separator image after an inline node that ends a line: not part of the content.)
    const image = content.locator('img:not(.ProseMirror-separator)');
    await expect.poll(() => image.count(), { timeout: 15_000 }).toBe(1);
    // The editor's own attributes (contenteditable, draggable) aside, the image has its src and alt only.
    const names = await image.evaluate((img) => (img as unknown as { getAttributeNames(): string[] }).getAttributeNames());
    expect(names.filter((name) => name !== 'contenteditable' && name !== 'draggable').sort()).toEqual(['alt', 'src']);
    expect(await image.getAttribute('alt')).toBe('kept');

    // From the library: the search offers images, the alt text starts as the file's title and is asked for.
    await content.click();
    await page.keyboard.press('Control+End');
    const toolbar = page.getByRole('toolbar', { name: 'Content formatting' });
    await toolbar.getByRole('button', { name: 'Image' }).click();
    const form = page.getByRole('group', { name: 'Insert an image' });
    await expect.poll(() => form.isVisible()).toBe(true);
    await typeWhenEditable(form.getByRole('combobox', { name: 'Image from the file library' }), 'harb');
    await page.getByRole('option', { name: 'Harbour' }).click();
    await expect.poll(() => form.getByLabel('Alternative text').inputValue()).toBe('Harbour');
    await expectAccessible(page, 'the image form');
    await form.getByLabel('Alternative text').fill('A harbour at dusk');
    await form.getByRole('button', { name: 'Insert image' }).click();
    await expect.poll(() => content.getByRole('img', { name: 'A harbour at dusk' }).count()).toBe(1);

    // By address: a script address is refused in words; a web address is taken, with an empty alt (decorative).
    await toolbar.getByRole('button', { name: 'Image' }).click();
    // The keyboard is in the form's first field (the library's search) once the form knows what the user may do.
    await expect
      .poll(() =>
        form
          .getByRole('combobox')
          .evaluate((el) => el === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement),
      )
      .toBe(true);
    await form.getByLabel('Or its web address').fill('javascript:window.pwned=8');
    await form.getByRole('button', { name: 'Insert image' }).click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe('Enter a web address of an image (https://…).');
    await form.getByLabel('Or its web address').fill(`${stratum.url}${asset}`);
    await form.getByLabel('Or its web address').press('Enter');
    await expect.poll(() => content.locator(`img[src="${stratum.url}${asset}"]`).count()).toBe(1);
    expect(await form.count()).toBe(0);

    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => String((await adminData(stratum, 'GET', `/items/posts/${String(post.id)}`)).content))
      .toContain(`<img src="${asset}" alt="A harbour at dusk">`);
    const saved = String((await adminData(stratum, 'GET', `/items/posts/${String(post.id)}`)).content);
    expect(saved).toContain(`<img src="${asset}" alt="kept">`);
    expect(saved).toContain(`<img src="${stratum.url}${asset}" alt="">`);
    expect(saved).not.toMatch(/onerror|width=|title=|class=|javascript:/);
    expect(await pwned(page)).toBeNull();
  });
});
