import { describe, expect, it } from 'vitest';
import { traceOf, type Explanation } from './explain-trace.js';

const base: Explanation = {
  user: 'u1',
  admin: false,
  collection: 'articles',
  item: '2',
  policies: [
    { id: 'p1', name: 'Readers', attached_to: { role: 'r1' }, applied: true, reason: 'applies', admin_access: false, app_access: true },
    {
      id: 'p2',
      name: 'Office',
      attached_to: { user: 'u1' },
      applied: false,
      reason: 'ip_outside_list',
      admin_access: false,
      app_access: false,
    },
  ],
  actions: {
    read: {
      allowed: false,
      reason: 'no_rule_matched',
      rules: [
        {
          id: 7,
          policy: 'p1',
          policy_name: 'Readers',
          system: false,
          applied: true,
          filter: { status: { _eq: 'published' } },
          filter_matches: false,
          fields: ['title'],
          grants: false,
          reason: 'filter_not_matched',
        },
      ],
      fields: {
        title: { allowed: false, reason: 'filter_not_matched', rules: [7] },
        body: { allowed: false, reason: 'not_listed', rules: [] },
      },
    },
    update: { allowed: false, reason: 'no_rule', rules: [], fields: {} },
    delete: {
      allowed: true,
      reason: 'rule_matched',
      rules: [
        {
          id: 9,
          policy: 'p1',
          policy_name: 'Readers',
          system: false,
          applied: true,
          filter: {},
          filter_matches: true,
          fields: null,
          grants: true,
          reason: 'no_filter',
        },
      ],
    },
  },
};

describe('traceOf', () => {
  it('explains a denial by a row filter that does not match, per rule and per field', () => {
    const trace = traceOf(base, 'read');
    expect(trace.allowed).toBe(false);
    expect(trace.verdict).toBe('Denied: they have read rules here, but none of their row filters matches item 2.');
    expect(trace.rules).toEqual([
      {
        id: 7,
        policy: 'Readers',
        text: 'Rule 7: its row filter does not match the item, so it grants nothing here.',
        grants: false,
        filter: '{"status":{"_eq":"published"}}',
      },
    ]);
    expect(trace.deniedFields).toEqual([
      { field: 'title', why: 'the rules listing it do not match the item' },
      { field: 'body', why: 'no rule lists it' },
    ]);
    expect(trace.policies).toEqual([
      'Readers (through their role; app access) applies',
      'Office (through the user directly) does not apply (IP address not in its list)',
    ]);
  });

  it('explains a missing rule and a granting rule', () => {
    expect(traceOf(base, 'update').verdict).toBe('Denied: no policy of theirs has an update rule for this collection.');
    const del = traceOf(base, 'delete');
    expect(del.allowed).toBe(true);
    expect(del.verdict).toBe("Allowed: a delete rule's row filter matches item 2.");
    expect(del.rules[0]).toMatchObject({ text: 'Rule 9 has no row filter: it grants every item.', filter: null });
  });

  it('says so when an action is missing, and words administrator access', () => {
    expect(traceOf(base, 'share').allowed).toBe(false);
    const admin = traceOf({ ...base, actions: { read: { allowed: true, reason: 'admin', rules: [] } } }, 'read');
    expect(admin.verdict).toBe('Allowed: a policy with administrator access lets them read anything.');
  });
});
