import { describe, expect, it } from 'vitest';
import type { FormField } from './form-fields.js';
import { honourItemAccess } from './item-access.js';

const form = [
  { field: 'title', readOnly: false },
  { field: 'id', readOnly: true },
] as FormField[];

describe('honourItemAccess', () => {
  it('makes every field read-only when the item may not be updated', () => {
    expect(honourItemAccess(form, { update: false, delete: true, share: false }).map((f) => f.readOnly)).toEqual([true, true]);
  });

  it('leaves the form as the collection rules made it when the item may be updated, or the server cannot say', () => {
    expect(honourItemAccess(form, { update: true, delete: false, share: true })).toBe(form);
    expect(honourItemAccess(form, null)).toBe(form);
  });
});
