import { describe, expect, it } from 'vitest';
import { writesOf } from './insights-access.js';

describe('writesOf', () => {
  it('reads create, update and delete (full or partial) of a collection, none when absent', () => {
    const access = { service_panels: { create: { access: 'full' }, update: { access: 'partial' }, delete: { access: 'none' } } };
    expect(writesOf(access, 'service_panels')).toEqual({ create: true, update: true, delete: false });
    expect(writesOf(access, 'service_dashboards')).toEqual({ create: false, update: false, delete: false });
  });
});
