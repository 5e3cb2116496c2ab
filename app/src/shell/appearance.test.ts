import { describe, expect, it } from 'vitest';
import { appearanceOf, applyAppearance } from './appearance.js';

describe('appearance', () => {
  it('reads anything but light or dark as auto', () => {
    expect(appearanceOf('dark')).toBe('dark');
    expect(appearanceOf('light')).toBe('light');
    expect(appearanceOf(null)).toBe('auto');
    expect(appearanceOf('purple')).toBe('auto');
  });

  it('pins the theme with data-theme, and removes it for auto', () => {
    const attributes = new Map<string, string>();
    const root = {
      setAttribute: (name: string, value: string) => attributes.set(name, value),
      removeAttribute: (name: string) => attributes.delete(name),
    } as unknown as HTMLElement;
    applyAppearance('dark', root);
    expect(attributes.get('data-theme')).toBe('dark');
    applyAppearance('auto', root);
    expect(attributes.has('data-theme')).toBe(false);
  });
});
