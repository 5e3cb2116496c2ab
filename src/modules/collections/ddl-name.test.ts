import { describe, expect, it } from 'vitest';
import { ddlName } from './ddl-name.js';

describe('ddlName', () => {
  it('uses the knex name when it is short enough', () => {
    expect(ddlName('articles', 'slug', 'unique')).toBe('articles_slug_unique');
  });

  it('shortens long names with a stable hash', () => {
    const name = ddlName('a'.repeat(64), 'b'.repeat(64), 'foreign');
    expect(name.length).toBeLessThanOrEqual(63);
    expect(name).toMatch(/^a{20}_b{20}_[0-9a-f]{8}_foreign$/);
    expect(ddlName('a'.repeat(64), 'b'.repeat(64), 'foreign')).toBe(name);
    expect(ddlName('a'.repeat(64), 'b'.repeat(63) + 'c', 'foreign')).not.toBe(name);
  });
});
