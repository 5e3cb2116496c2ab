import { describe, expect, it } from 'vitest';
import { componentName, componentNames } from './component-name.js';

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

describe('componentNames', () => {
  it('keeps names unique when two collections would share one', () => {
    expect([...componentNames(['blog_posts', 'blog-posts', 'BlogPosts', 'service_users']).values()]).toEqual([
      'ItemsBlogPosts',
      'ItemsBlogPosts_2',
      'ItemsBlogPosts_3',
      'Users',
    ]);
  });
});
