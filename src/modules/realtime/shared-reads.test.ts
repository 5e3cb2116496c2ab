import { describe, expect, it } from 'vitest';
import { publicAccountability, type Accountability } from '../../kernel/context/index.js';
import type { Subscription } from './realtime.types.js';
import { readKey } from './shared-reads.js';

const reader = (user: string, policies: string[] = ['p1']): Accountability => ({
  ...publicAccountability(),
  user,
  role: 'r1',
  roles: ['r1'],
  policies,
});
const subscription = (query: Subscription['query'], item?: string): Subscription =>
  ({ collection: 'articles', query, item }) as Subscription;

describe('readKey', () => {
  it('is the same for one reader and one query, whatever the socket (session, address, agent)', () => {
    const a = { ...reader('u1'), session: 's1', ip: '10.0.0.1', userAgent: 'one' };
    const b = { ...reader('u1'), session: 's2', ip: '10.0.0.2', userAgent: 'two' };
    expect(readKey(a, subscription({ fields: ['id'] }))).toBe(readKey(b, subscription({ fields: ['id'] })));
  });

  it('differs for another user, other policies, the admin flag, another query or item', () => {
    const base = readKey(reader('u1'), subscription({ fields: ['id'] }));
    expect(readKey(reader('u2'), subscription({ fields: ['id'] }))).not.toBe(base);
    expect(readKey(reader('u1', ['p1', 'p2']), subscription({ fields: ['id'] }))).not.toBe(base);
    expect(readKey({ ...reader('u1'), admin: true }, subscription({ fields: ['id'] }))).not.toBe(base);
    expect(readKey(reader('u1'), subscription({ fields: ['id', 'title'] }))).not.toBe(base);
    expect(readKey(reader('u1'), subscription({ fields: ['id'] }, '5'))).not.toBe(base);
  });

  it('tells share sessions apart from the public and from each other', () => {
    const query = subscription({ fields: ['id'] });
    const share = (id: string): Accountability => ({
      ...publicAccountability(),
      share: { id, collection: 'articles', item: '1', role: null, creator: 'u1' },
    });
    expect(readKey(share('s1'), query)).not.toBe(readKey(publicAccountability(), query));
    expect(readKey(share('s1'), query)).not.toBe(readKey(share('s2'), query));
  });
});
