import { describe, expect, it } from 'vitest';
import { historyEntries, type RevisionRow } from './history-api.js';

const admin = { email: 'admin@example.com', first_name: 'Admin', last_name: 'User' };

describe('historyEntries', () => {
  it('shows per revision who, when, and each changed field before and after', () => {
    const revisions: RevisionRow[] = [
      {
        id: 3,
        data: { id: 1, title: 'Uno', rating: 2 },
        delta: { title: 'Uno', rating: 2 },
        activity: { action: 'update', timestamp: '2026-01-02T00:00:00Z', user: { ...admin, first_name: null, last_name: null } },
      },
      {
        id: 2,
        data: { id: 1, title: 'One', rating: 2 },
        delta: { rating: 2 },
        activity: { action: 'update', timestamp: '2026-01-01T12:00:00Z', user: null },
      },
      {
        id: 1,
        data: { id: 1, title: 'One', rating: 1 },
        delta: { title: 'One', rating: 1 },
        activity: { action: 'create', timestamp: '2026-01-01T00:00:00Z', user: admin },
      },
    ];
    expect(historyEntries(revisions)).toEqual([
      // The rating in the delta did not change: left out.
      {
        id: '3',
        action: 'update',
        timestamp: '2026-01-02T00:00:00Z',
        who: 'admin@example.com',
        changes: [{ field: 'title', before: 'One', after: 'Uno' }],
        data: { id: 1, title: 'Uno', rating: 2 },
      },
      {
        id: '2',
        action: 'update',
        timestamp: '2026-01-01T12:00:00Z',
        who: 'The system',
        changes: [{ field: 'rating', before: 1, after: 2 }],
        data: { id: 1, title: 'One', rating: 2 },
      },
      {
        id: '1',
        action: 'create',
        timestamp: '2026-01-01T00:00:00Z',
        who: 'Admin User',
        changes: [
          { field: 'title', before: null, after: 'One' },
          { field: 'rating', before: null, after: 1 },
        ],
        data: { id: 1, title: 'One', rating: 1 },
      },
    ]);
  });
});
