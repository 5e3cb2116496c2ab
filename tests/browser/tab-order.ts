import type { Page } from 'playwright-core';

/** What has the keyboard focus in the page: its id, else its trimmed text, else ''. */
export function focusedName(page: Page): Promise<string> {
  // The callback runs in the page, where `globalThis` is the window (this file is type-checked without DOM types).
  return page.evaluate(() => {
    const active = (globalThis as unknown as { document: { activeElement: { id: string; textContent: string | null } | null } }).document
      .activeElement;
    return active ? active.id || active.textContent?.trim() || '' : '';
  });
}

/** Presses Tab `presses` times from where the focus is, answering `focusedName` after each press. */
export async function tabOrder(page: Page, presses: number): Promise<string[]> {
  const order: string[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press('Tab');
    order.push(await focusedName(page));
  }
  return order;
}
