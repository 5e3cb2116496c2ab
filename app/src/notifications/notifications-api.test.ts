import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notifications-api.js';

describe('notificationTarget', () => {
  it("leads to a content item's page, a file's download, and nowhere for other system rows or none", () => {
    expect(notificationTarget({ collection: 'articles', item: '7' })).toEqual({ href: '/content/articles/7', external: false });
    expect(notificationTarget({ collection: 'my items', item: 'a/b' })).toEqual({ href: '/content/my%20items/a%2Fb', external: false });
    expect(notificationTarget({ collection: 'service_files', item: 'f-1' })).toEqual({ href: '/assets/f-1?download', external: true });
    expect(notificationTarget({ collection: 'service_users', item: 'u' })).toBeNull();
    expect(notificationTarget({ collection: null, item: null })).toBeNull();
  });
});
