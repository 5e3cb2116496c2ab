import { describe, expect, it } from 'vitest';
import { validateFlow } from './validate-flow.js';

describe('validateFlow', () => {
  it.each([
    [{ trigger: 'event', options: { type: 'action', scope: 'items.create' } }, 'event'],
    [{ trigger: 'webhook', options: { method: 'POST', async: true } }, 'webhook'],
    [{ trigger: 'manual', options: { collections: ['articles'] } }, 'manual'],
    [{ trigger: 'schedule', options: { cron: '*/5 * * * * *' } }, 'schedule'],
    [{ trigger: 'operation' }, 'operation'],
    [{ status: 'inactive' }, null],
  ])('accepts %j', (payload, trigger) => {
    expect(() => validateFlow(payload, trigger)).not.toThrow();
  });

  it.each([
    [{ trigger: 'nope' }, 'nope'],
    [{ options: { type: 'filter' } }, 'event'],
    [{ options: { type: 'filter', scope: ['items.create'], collections: 'articles' } }, 'event'],
    [{ options: { cron: '61 * * * * *' } }, 'schedule'],
    [{ options: { collections: 'articles' } }, 'manual'],
    [{ accountability: 'root' }, 'webhook'],
  ])('refuses %j', (payload, trigger) => {
    expect(() => validateFlow(payload, trigger)).toThrow(/Invalid payload/);
  });
});
