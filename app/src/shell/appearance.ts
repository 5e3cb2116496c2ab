import { updateMe } from '@directus/sdk';
import type { Client } from '../api/client.js';

/** A user's colour scheme (Directus's `directus_users.appearance`): follow the system, or always light or dark. */
export type Appearance = 'auto' | 'light' | 'dark';

/** The stored value as an appearance: anything but 'light' or 'dark' (null included) follows the system. */
export function appearanceOf(value: unknown): Appearance {
  return value === 'light' || value === 'dark' ? value : 'auto';
}

/**
 * Applies a choice to the page: `data-theme` on <html> pins the colour scheme (styles.css); without it the
 * system's `prefers-color-scheme` decides.
 */
export function applyAppearance(appearance: Appearance, root: HTMLElement = document.documentElement): void {
  if (appearance === 'auto') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', appearance);
}

export async function saveAppearance(client: Client, appearance: Appearance): Promise<void> {
  await client.request(updateMe({ appearance } as never));
}
