import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { countWrites, dataToken } from './data-token.js';

/** A stand-in for a pg connection's query(): answers when `answer` is called, in each of pg's three forms. */
function connection() {
  const pending: (() => void)[] = [];
  const target = {
    query(...args: unknown[]): unknown {
      const callback = args.find((arg) => typeof arg === 'function') as ((error: null, result: unknown) => void) | undefined;
      if (callback) {
        pending.push(() => callback(null, { rows: [] }));
        return undefined;
      }
      const first = args[0];
      if (first instanceof EventEmitter) {
        pending.push(() => first.emit('end'));
        return first;
      }
      return new Promise((resolve) => pending.push(() => resolve({ rows: [] })));
    },
  };
  countWrites(target);
  return { target, answer: () => pending.shift()?.() };
}

const tokenNow = () => dataToken(null, 'snapshot')!;

describe('the PostgreSQL data token', () => {
  it('is undefined without the snapshot read at the start of the request', () => {
    expect(dataToken(null, undefined)).toBeUndefined();
  });

  it('changes when a write is sent and again when it has answered, in every form of query()', async () => {
    const { target, answer } = connection();
    for (const send of [
      () => target.query('COMMIT;', () => undefined),
      () => target.query({ text: 'insert into t values ($1)', values: [1] }),
      () => target.query(Object.assign(new EventEmitter(), { text: 'update t set a = 1' })),
    ]) {
      const before = tokenNow();
      const sent = send();
      const during = tokenNow();
      expect(during).not.toBe(before);
      answer();
      await sent;
      await Promise.resolve();
      expect(tokenNow()).not.toBe(during);
    }
  });

  it('stays the same across plain reads', async () => {
    const { target, answer } = connection();
    const before = tokenNow();
    const read = target.query({ text: 'select * from t where id = $1', values: [1] });
    target.query('  SELECT 1', () => undefined);
    answer();
    answer();
    await read;
    expect(tokenNow()).toBe(before);
  });
});
