import { describe, expect, it } from 'vitest';
import { captureAppError, errorOf } from '../../../tests/support/capture-error.js';
import { rule } from '../../../tests/support/engine-fixture.js';
import { ADMIN_PERMISSIONS } from './admin-permissions.js';
import { applyWriteRules } from './apply-write-rules.js';
import { indexRules } from './create-permissions-engine.js';

const set = (...rules: ReturnType<typeof rule>[]) => indexRules(rules);

describe('applyWriteRules', () => {
  it('returns the payload untouched for administrators', () => {
    const payload = { anything: 1 };
    expect(applyWriteRules(ADMIN_PERMISSIONS, 'articles', 'create', payload)).toBe(payload);
  });

  it('refuses an action without a rule (403 naming the action)', async () => {
    const permissions = set(rule('articles', 'read'), rule('articles', 'update'));
    expect(await errorOf(() => applyWriteRules(permissions, 'articles', 'create', { title: 'x' }))).toBe(
      'FORBIDDEN 403: You don\'t have permission to perform "create" for collection "articles" or it does not exist.',
    );
  });

  it("allows the union of the rules' fields and refuses others, naming them", async () => {
    const permissions = set(
      rule('articles', 'create', { fields: ['title'] }),
      rule('articles', 'create', { fields: ['body'] }),
      rule('articles', 'create', { fields: null }),
    );
    expect(applyWriteRules(permissions, 'articles', 'create', { title: 'a', body: 'b' })).toEqual({ title: 'a', body: 'b' });
    expect(await errorOf(() => applyWriteRules(permissions, 'articles', 'create', { title: 'a', views: 1, price: 2 }))).toBe(
      'FORBIDDEN 403: You don\'t have permission to perform "create" for the field(s) "views", "price" in collection "articles" or it does not exist.',
    );
  });

  it('allows every field when one rule grants *', () => {
    const permissions = set(rule('articles', 'create', { fields: ['title'] }), rule('articles', 'create', { fields: ['*'] }));
    expect(applyWriteRules(permissions, 'articles', 'create', { views: 1 })).toEqual({ views: 1 });
  });

  it('merges presets in rule order (later wins) under the payload, on create and on update', () => {
    const permissions = set(
      rule('articles', 'create', { presets: { status: 'draft', views: 0 } }),
      rule('articles', 'create', { presets: { status: 'review', published: false } }),
      rule('articles', 'update', { presets: { status: 'edited' } }),
    );
    expect(applyWriteRules(permissions, 'articles', 'create', { title: 't', views: 5 })).toEqual({
      status: 'review',
      views: 5,
      published: false,
      title: 't',
    });
    expect(applyWriteRules(permissions, 'articles', 'update', { title: 't' })).toEqual({ status: 'edited', title: 't' });
  });

  it('lets presets set fields the payload may not contain', () => {
    const permissions = set(rule('articles', 'create', { fields: ['title'], presets: { status: 'draft' } }));
    expect(applyWriteRules(permissions, 'articles', 'create', { title: 't' })).toEqual({ status: 'draft', title: 't' });
  });

  it('ANDs the validations of every rule (400 FAILED_VALIDATION), checked after presets', async () => {
    const permissions = set(
      rule('articles', 'create', { validation: { views: { _gte: 0 } } }),
      rule('articles', 'create', { validation: { views: { _lte: 10 } }, presets: { status: 'x' } }),
      rule('articles', 'create', { validation: { status: { _eq: 'x' } } }),
    );
    expect(applyWriteRules(permissions, 'articles', 'create', { views: 5 })).toEqual({ status: 'x', views: 5 });
    const error = await captureAppError(() => applyWriteRules(permissions, 'articles', 'create', { views: 11 }));
    expect(error).toMatchObject({ code: 'FAILED_VALIDATION', status: 400, extensions: { field: 'views', type: 'lte', valid: 10 } });
    expect(error.message).toBe('Validation failed for field "views". Value doesn\'t satisfy the "lte" rule.');
    expect(await captureAppError(() => applyWriteRules(permissions, 'articles', 'create', { views: -1 }))).toMatchObject({
      extensions: { type: 'gte' },
    });
    expect(await captureAppError(() => applyWriteRules(permissions, 'articles', 'create', { views: 1, status: 'y' }))).toMatchObject({
      extensions: { field: 'status', type: 'eq' },
    });
  });

  it('validates an update only on the fields it contains', () => {
    const permissions = set(rule('articles', 'update', { validation: { title: { _nnull: true }, views: { _gte: 0 } } }));
    expect(applyWriteRules(permissions, 'articles', 'update', { body: 'x' })).toEqual({ body: 'x' });
  });

  it('ignores empty validations and presets', () => {
    const permissions = set(rule('articles', 'create', { validation: {}, presets: {} }), rule('articles', 'create', { validation: null }));
    expect(applyWriteRules(permissions, 'articles', 'create', { title: 't' })).toEqual({ title: 't' });
  });
});
