import { describe, expect, it, vi } from 'vitest';
import { createEventBus } from './create-event-bus.js';
import { writeEventNames } from './write-event-names.js';

const silent = () => ({ error: vi.fn() });

describe('createEventBus', () => {
  it('passes the payload through each filter of each name in order, and keeps it where a handler returns nothing', async () => {
    const bus = createEventBus<string>(silent());
    const seen: string[] = [];
    bus.onFilter('items.create', (payload, meta) => {
      seen.push(`${meta.event}:${JSON.stringify(payload)}`);
      return { ...(payload as object), a: 1 };
    });
    bus.onFilter('items.create', () => undefined);
    bus.onFilter('posts.items.create', (payload, meta, context) => {
      seen.push(`${meta.event}:${meta.collection}:${context}`);
      return { ...(payload as object), b: 2 };
    });
    const result = await bus.filter(['items.create', 'posts.items.create'], { t: 0 }, { collection: 'posts' }, 'ctx');
    expect(result).toEqual({ t: 0, a: 1, b: 2 });
    expect(seen).toEqual(['items.create:{"t":0}', 'posts.items.create:posts:ctx']);
  });

  it('passes a filter handler throw on, and answers the payload unchanged when no one listens', async () => {
    const bus = createEventBus<null>(silent());
    const payload = { t: 1 };
    await expect(bus.filter(['items.create'], payload, {}, null)).resolves.toBe(payload);
    bus.onFilter('items.create', () => {
      throw new Error('refused');
    });
    await expect(bus.filter(['items.create'], payload, {}, null)).rejects.toThrow('refused');
  });

  it('starts every action handler, logs throws and rejections, and never passes them on', async () => {
    const logger = silent();
    const bus = createEventBus<null>(logger);
    const calls: string[] = [];
    let rejected!: () => void;
    const rejection = new Promise<void>((resolve) => (rejected = resolve));
    bus.onAction('items.delete', () => {
      calls.push('first');
      throw new Error('sync');
    });
    bus.onAction('items.delete', async () => {
      calls.push('second');
      rejected();
      throw new Error('async');
    });
    bus.onAction('items.delete', (meta) => void calls.push(`third:${JSON.stringify(meta.keys)}`));
    expect(() => bus.action(['items.delete'], { keys: [1] }, null)).not.toThrow();
    expect(calls).toEqual(['first', 'second', 'third:[1]']);
    await rejection;
    await Promise.resolve();
    expect(logger.error).toHaveBeenCalledTimes(2);
  });

  it('tells whether a name has listeners, and a removed handler is no longer called', async () => {
    const bus = createEventBus<null>(silent());
    const handler = vi.fn();
    expect(bus.hasAction(['items.create'])).toBe(false);
    const off = bus.onAction('items.create', handler);
    expect(bus.hasAction(['x', 'items.create'])).toBe(true);
    off();
    expect(bus.hasAction(['items.create'])).toBe(false);
    bus.action(['items.create'], {}, null);
    expect(handler).not.toHaveBeenCalled();
  });
});

describe('writeEventNames', () => {
  it('names a user collection with items.* then <collection>.items.*, a system one by its own scope', () => {
    expect(writeEventNames('posts', 'create')).toEqual(['items.create', 'posts.items.create']);
    expect(writeEventNames('service_users', 'update')).toEqual(['users.update']);
    expect(writeEventNames('service_permissions', 'delete')).toEqual(['permissions.delete']);
  });
});
