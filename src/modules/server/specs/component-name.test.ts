import { describe, expect, it } from 'vitest';
import { componentName } from './component-name.js';

describe('componentName', () => {
  it.each([
    { collection: 'articles', name: 'ItemsArticles' },
    { collection: 'blog_posts', name: 'ItemsBlogPosts' },
    { collection: 'home-page 2', name: 'ItemsHomePage2' },
    { collection: 'service_users', name: 'Users' },
    { collection: 'service_access', name: 'Access' },
  ])('names $collection $name', ({ collection, name }) => {
    expect(componentName(collection)).toBe(name);
  });
});
