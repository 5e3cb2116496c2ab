import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Context } from '../../engine/context.js';
import { createEventBus } from '../../kernel/events/index.js';
import type { Logger } from '../../kernel/logger.js';
import { createWriteListeners } from './write-listeners.js';

const setup = (everything: boolean) => {
  const events = createEventBus<Context>(pino({ level: 'silent' }) as unknown as Logger);
  const heard: string[] = [];
  const listeners = createWriteListeners(events, (collection, action) => heard.push(`${collection}:${action}`), { everything });
  const emit = (collection: string, name: string) => events.action([name], { collection }, {} as Context);
  return { events, heard, listeners, emit };
};

describe('createWriteListeners', () => {
  it('alone: hears a collection while someone subscribes to it, and nothing else', () => {
    const { events, heard, listeners, emit } = setup(false);
    expect(events.hasAction(['articles.items.create'])).toBe(false);
    listeners.listen('articles');
    listeners.listen('articles');
    emit('articles', 'articles.items.create');
    emit('authors', 'authors.items.create');
    listeners.unlisten('articles');
    emit('articles', 'articles.items.update');
    listeners.unlisten('articles');
    emit('articles', 'articles.items.delete');
    expect(heard).toEqual(['articles:create', 'articles:update']);
    expect(events.hasAction(['articles.items.delete'])).toBe(false);
  });

  it('with other instances: hears every write, system collections too, until closed', () => {
    const { events, heard, listeners, emit } = setup(true);
    emit('authors', 'items.create');
    emit('service_users', 'users.update');
    listeners.close();
    emit('authors', 'items.delete');
    expect(heard).toEqual(['authors:create', 'service_users:update']);
    expect(events.hasAction(['items.create'])).toBe(false);
  });
});
