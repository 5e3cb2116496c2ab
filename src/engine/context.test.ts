import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineFixture, rule, type EngineFixture } from '../../tests/support/engine-fixture.js';
import { ADMIN_PERMISSIONS, asSystem, onCommit, withAccountability, withTransaction } from './context.js';
import { indexRules } from './permissions/create-permissions-engine.js';

let fx: EngineFixture;
beforeAll(async () => {
  fx = await createEngineFixture();
});
afterAll(async () => {
  await fx?.close();
});

const countComments = async () => Number(((await fx.knex('comments').count({ n: '*' }).first()) as { n: number | string }).n);

describe('withTransaction', () => {
  it('commits the work and runs after-commit callbacks once it has committed', async () => {
    const ctx = await fx.ctx();
    const seen: string[] = [];
    await withTransaction(ctx, async (trx) => {
      expect(trx.inTransaction).toBe(true);
      await trx.db('comments').insert({ id: 100, article: 1, text: 'tx', score: 1 });
      onCommit(trx, () => void seen.push('after commit'));
      // A nested unit of work joins the same transaction.
      await withTransaction(trx, async (inner) => {
        expect(inner.db).toBe(trx.db);
        onCommit(inner, () => void seen.push('nested'));
      });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['after commit', 'nested']);
    expect(await countComments()).toBe(7);
    await fx.knex('comments').where('id', 100).delete();
  });

  it('rolls back on error and drops the after-commit callbacks', async () => {
    const ctx = await fx.ctx();
    const seen: string[] = [];
    await expect(
      withTransaction(ctx, async (trx) => {
        await trx.db('comments').insert({ id: 101, article: 1, text: 'tx', score: 1 });
        onCommit(trx, () => void seen.push('after commit'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(seen).toEqual([]);
    expect(await countComments()).toBe(6);
  });

  it('waits for asynchronous after-commit work before the write returns', async () => {
    const seen: string[] = [];
    await withTransaction(await fx.ctx(), async (trx) => {
      onCommit(trx, async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        seen.push('slow cleanup');
      });
    });
    expect(seen).toEqual(['slow cleanup']);
  });

  it('runs onCommit at once outside a transaction', async () => {
    const seen: string[] = [];
    onCommit(await fx.ctx(), () => void seen.push('now'));
    expect(seen).toEqual(['now']);
  });
});

describe('context helpers', () => {
  it('switches to system work keeping the accountability, or to another accountability', async () => {
    const ctx = await fx.ctx({ rules: [rule('articles')] });
    const system = asSystem(ctx);
    expect(system.permissions).toBe(ADMIN_PERMISSIONS);
    expect(system.accountability).toBe(ctx.accountability);
    const other = withAccountability(ctx, { ...ctx.accountability, user: null }, indexRules([]));
    expect(other.accountability.user).toBeNull();
    expect(other.permissions.rules).toEqual([]);
    expect(ctx.permissions.rules).toHaveLength(1);
  });
});
