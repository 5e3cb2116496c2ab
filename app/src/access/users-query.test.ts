import { describe, expect, it } from 'vitest';
import { filtersFromSearch, pageFromSearch, searchOfFilters, userChanges, usersFilter } from './users-query.js';

describe('usersFilter', () => {
  it('filters by role, no role and status', () => {
    expect(usersFilter({ search: 'x', role: '', status: '' })).toBeNull();
    expect(usersFilter({ search: '', role: 'r1', status: '' })).toEqual({ role: { _eq: 'r1' } });
    expect(usersFilter({ search: '', role: 'none', status: 'suspended' })).toEqual({
      _and: [{ role: { _null: true } }, { status: { _eq: 'suspended' } }],
    });
  });
});

describe('filters in the address', () => {
  it('round-trips and leaves empty ones out', () => {
    const filters = { search: 'ada', role: '', status: 'active' };
    expect(searchOfFilters(filters)).toBe('?search=ada&status=active');
    expect(filtersFromSearch(searchOfFilters(filters))).toEqual(filters);
    expect(searchOfFilters({ search: '', role: '', status: '' })).toBe('');
    expect(searchOfFilters(filters, 3)).toBe('?search=ada&status=active&page=3');
    expect(pageFromSearch('?search=ada&page=3')).toBe(3);
    expect(pageFromSearch('?page=0')).toBe(1);
    expect(pageFromSearch('?page=x')).toBe(1);
    expect(pageFromSearch('')).toBe(1);
  });
});

describe('userChanges', () => {
  it('sends only changed fields, a new password when typed, and no role as null', () => {
    const before = { first_name: 'Ada', last_name: null, email: 'a@x.io', role: 'r1', status: 'active' };
    expect(userChanges(before, { first_name: 'Ada', last_name: '', email: 'a@x.io', role: 'r1', status: 'active', password: '' })).toEqual(
      {},
    );
    expect(userChanges(before, { first_name: 'Ada', email: 'b@x.io', role: '', status: 'suspended', password: 'Secret123!' })).toEqual({
      email: 'b@x.io',
      role: null,
      status: 'suspended',
      password: 'Secret123!',
    });
  });
});
