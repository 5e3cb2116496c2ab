import { describe, expect, it } from 'vitest';
import { DEFAULT_ICON, iconPath, ICONS } from './icon-set.js';

describe('the collection icons', () => {
  it('draws a few dozen common Material Symbols names, each a path of SVG commands', () => {
    const names = Object.keys(ICONS);
    expect(names.length).toBeGreaterThanOrEqual(36);
    for (const name of ['article', 'person', 'image', 'label', 'folder', 'shopping_cart', 'event', DEFAULT_ICON])
      expect(names).toContain(name);
    for (const [name, path] of Object.entries(ICONS)) expect(path, name).toMatch(/^M[\d\s.,MmLlHhVvCcSsQqTtAaZz-]+$/);
    // Directus's names: lower case words joined by underscores.
    for (const name of names) expect(name).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
  });

  it('draws a name it does not know as the default icon', () => {
    expect(iconPath('shopping_cart')).toBe(ICONS.shopping_cart);
    expect(iconPath('rocket_launch')).toBe(ICONS[DEFAULT_ICON]);
    expect(iconPath('constructor')).toBe(ICONS[DEFAULT_ICON]);
  });
});
