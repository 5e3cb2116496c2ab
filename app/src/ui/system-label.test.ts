import { describe, expect, it } from 'vitest';
import { systemLabel } from './system-label.js';

describe('systemLabel', () => {
  it("shows the public policy's stored `$t:public_label` as Public, and other known keys in English", () => {
    expect(systemLabel('$t:public_label')).toBe('Public');
    expect(systemLabel('$t:admin_description')).toBe('Unrestricted access to the app and the API');
  });

  it('shows an unknown key as words, never the raw key', () => {
    expect(systemLabel('$t:editor_team_label')).toBe('Editor team label');
  });

  it('leaves any other text as it is, and an empty value empty', () => {
    expect(systemLabel('Editors')).toBe('Editors');
    expect(systemLabel('costs $t: nothing')).toBe('costs $t: nothing');
    expect(systemLabel('$t:')).toBe('$t:');
    expect(systemLabel(null)).toBe('');
  });
});
