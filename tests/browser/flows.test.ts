import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminData } from './admin-data.js';
import { ADMIN, expectAccessible, signIn, type StratumProcess } from './browser-harness.js';
import { useBrowserSuite } from './browser-suite.js';
import { findChromium } from './find-chromium.js';
import { focusedName } from './tab-order.js';
import { USER_PASSWORD, userWith } from './user-with.js';

/** Notes; an "Archive" manual flow made through the API (needs a selection, no confirmation); a reader of notes. */
async function seed(stratum: StratumProcess): Promise<void> {
  await adminData(stratum, 'POST', '/collections', {
    collection: 'notes',
    fields: [
      { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } },
      { field: 'title', type: 'string' },
      { field: 'body', type: 'text' },
      { field: 'status', type: 'string' },
    ],
  });
  await adminData(stratum, 'POST', '/items/notes', [
    { title: 'First', body: 'one', status: 'draft' },
    { title: 'Second', body: 'two', status: 'draft' },
    { title: 'Third', body: 'three', status: 'draft' },
  ]);
  const archive = await adminData(stratum, 'POST', '/flows', {
    name: 'Archive',
    trigger: 'manual',
    accountability: 'all',
    options: { collections: ['notes'], requireSelection: true },
  });
  const operation = await adminData(stratum, 'POST', '/operations', {
    flow: archive.id,
    key: 'archive',
    type: 'item-update',
    position_x: 1,
    position_y: 1,
    options: { collection: 'notes', key: '{{ $trigger.body.keys }}', payload: { status: 'archived' } },
  });
  await adminData(stratum, 'PATCH', `/flows/${String(archive.id)}`, { operation: operation.id });
  await userWith(stratum, 'reader@example.com', [{ collection: 'notes', action: 'read', fields: ['*'] }]);
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe.skipIf(!findChromium())('the flows section and manual flows', () => {
  const suite = useBrowserSuite({ setUp: seed });

  it('creates a manual flow, edits its trigger and a chain with a failure path, runs it from an item with its form, and shows the run', async () => {
    const { page, stratum } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password);
    await nav(page).getByRole('link', { name: 'Flows' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Archive' }).count()).toBe(1);
    await expectAccessible(page, 'the flows list');

    await page.getByLabel('Name').fill('Stamp notes');
    await page.getByLabel('Trigger').selectOption('manual');
    await page.getByRole('button', { name: 'Create flow' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Flow: Stamp notes' }).count()).toBe(1);

    // The trigger: the notes collection, a confirmation form with one required field.
    await page.getByLabel('Collections (comma-separated)').fill('notes');
    await page.getByLabel('Ask for confirmation first').check();
    await page.getByLabel(/Confirmation form fields/).fill('[{"field": "reason", "name": "Reason", "type": "string"');
    await page.getByRole('button', { name: 'Save flow' }).click();
    await expect.poll(() => page.getByText('Enter valid JSON.').count()).toBe(1);
    await page
      .getByLabel(/Confirmation form fields/)
      .fill('[{"field": "reason", "name": "Reason", "type": "string", "meta": {"required": true}}]');
    await page.getByRole('button', { name: 'Save flow' }).click();
    await expect.poll(() => page.getByText('Flow saved.').count()).toBe(1);

    // The first operation, then one on its failure path, added with the keyboard alone.
    await page.getByRole('button', { name: 'Add first operation' }).click();
    await expect.poll(() => focusedName(page)).toBe('operation-name');
    await page.getByLabel('Operation type').selectOption('item-update');
    expect(await page.getByLabel(/^Key/).inputValue()).toBe('item_update');
    await page.getByLabel('Options (JSON)').fill('{"collection": "notes", "key": "{{ $trigger.body.keys }}", "payload": {"body": ');
    await page.getByRole('button', { name: 'Save operation' }).click();
    await expect.poll(() => page.getByText('Enter valid JSON.').count()).toBe(1);
    await page
      .getByLabel('Options (JSON)')
      .fill('{"collection": "notes", "key": "{{ $trigger.body.keys }}", "payload": {"body": "{{ $trigger.body.reason }}"}}');
    await page.getByRole('button', { name: 'Save operation' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'On success of item_update' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Add operation on failure of item_update' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('operation-name');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('button', { name: 'Save operation' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Add operation on failure of item_update' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('operation-name');
    await page.keyboard.type('Say it failed');
    await page.getByLabel('Operation type').selectOption('log');
    await page.getByLabel('Options (JSON)').fill('{"message": "stamping failed"}');
    await page.getByLabel('Options (JSON)').focus();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Save operation');
    await page.keyboard.press('Enter');
    const failurePath = page.locator('.chain-path.reject');
    await expect.poll(() => failurePath.getByRole('heading', { name: /Say it failed/ }).count()).toBe(1);
    await expectAccessible(page, 'a flow with its chain');

    // The flow through the API: linked as the app showed it.
    const [stamp] = (await adminData(stratum, 'GET', '/flows?filter[name][_eq]=Stamp%20notes')) as unknown as {
      id: string;
      operation: string;
      options: Record<string, unknown>;
    }[];
    expect(stamp!.options).toMatchObject({ collections: ['notes'], requireConfirmation: true });
    const operations = (await adminData(stratum, 'GET', `/operations?filter[flow][_eq]=${stamp!.id}`)) as unknown as {
      id: string;
      reject: string | null;
      type: string;
    }[];
    const first = operations.find((o) => o.id === stamp!.operation)!;
    expect(first.type).toBe('item-update');
    expect(operations.find((o) => o.id === first.reject)?.type).toBe('log');

    // Run it from an item: the confirmation form, its required field, then the item shows the flow's change.
    await page.goto(`${stratum.url}/admin/content/notes/1`);
    await page.getByRole('button', { name: 'Stamp notes' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Run Stamp notes on 1 item?' }).count()).toBe(1);
    await expect.poll(() => focusedName(page)).toBe('flow-field-reason');
    await expectAccessible(page, 'a manual flow confirmation form');
    await page.getByRole('button', { name: 'Run Stamp notes' }).click();
    await expect.poll(() => page.getByText('Reason is required.').count()).toBe(1);
    await page.getByLabel('Reason (required)').fill('checked by hand');
    await page.getByRole('button', { name: 'Run Stamp notes' }).click();
    await expect.poll(() => page.getByText('Ran Stamp notes.').count()).toBe(1);
    await expect.poll(() => page.getByLabel('Body').inputValue()).toBe('checked by hand');

    // Its run, step by step.
    await page.goto(`${stratum.url}/admin/flows/${stamp!.id}`);
    const show = page.getByRole('button', { name: /Show steps of the run at/ });
    await expect.poll(() => show.count()).toBe(1);
    await show.click();
    const steps = page.getByRole('table', { name: /Steps of the run at/ });
    await expect.poll(() => steps.getByRole('row', { name: /item_update Succeeded/ }).count()).toBe(1);
    expect(await page.locator('.run-steps').textContent()).toContain('checked by hand');
    await expectAccessible(page, 'a flow run with its steps');
  });

  it('needs a selection on the list page before a flow that requires one runs, and runs on the selected items', async () => {
    const { page, stratum } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/content/notes');
    const archive = page.getByRole('group', { name: 'Flows' }).getByRole('button', { name: 'Archive' });
    await expect.poll(() => archive.count()).toBe(1);
    expect(await archive.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'Select item 2' }).check();
    await page.getByRole('checkbox', { name: 'Select item 3' }).check();
    await archive.click();
    await expect.poll(() => page.getByText('Ran Archive.').count()).toBe(1);
    const notes = (await adminData(stratum, 'GET', '/items/notes?fields=id,status&sort=id')) as unknown as { id: number; status: string }[];
    expect(notes.map((n) => n.status)).toEqual(['draft', 'archived', 'archived']);
    await expectAccessible(page, 'the list page with flow buttons');
  });

  it('disables and enables a flow from the list; a disabled flow has no button', async () => {
    const { page, stratum } = suite;
    await signIn(page, stratum.url, ADMIN.email, ADMIN.password, '/admin/flows');
    await page.getByRole('button', { name: 'Disable Archive' }).click();
    await expect.poll(() => page.getByText('Archive is disabled.').count()).toBe(1);
    await expect.poll(() => page.getByRole('row', { name: /Archive.*Disabled/ }).count()).toBe(1);
    await page.goto(`${stratum.url}/admin/content/notes`);
    await expect.poll(() => page.getByRole('row', { name: /First/ }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Archive' }).count()).toBe(0);
    await page.goto(`${stratum.url}/admin/flows`);
    await page.getByRole('button', { name: 'Enable Archive' }).click();
    await expect.poll(() => page.getByRole('row', { name: /Archive.*Enabled/ }).count()).toBe(1);
  });

  it('shows a user without rights to flows no Flows link, no flow buttons, and the refusal at the address', async () => {
    const { page, stratum } = suite;
    await signIn(page, stratum.url, 'reader@example.com', USER_PASSWORD, '/admin/content/notes/1');
    await expect.poll(() => page.getByLabel('Title').count()).toBe(1);
    expect(await nav(page).getByRole('link', { name: 'Flows' }).count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Flows' }).count()).toBe(0);
    await page.goto(`${stratum.url}/admin/flows`);
    await expect.poll(() => page.getByRole('alert').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Create flow' }).count()).toBe(0);
  });
});
