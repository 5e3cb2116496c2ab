import { describe, expect, it } from 'vitest';
import { createTransformQueue } from './transform-queue.js';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('createTransformQueue', () => {
  it('runs at most `concurrency` at once and starts the waiting ones in order', async () => {
    const queue = createTransformQueue({ concurrency: 2, maxWaiting: 5, timeout: 5000 });
    const gates = [deferred(), deferred(), deferred()];
    const order: number[] = [];
    const runs = gates.map((gate, i) =>
      queue.run(async () => {
        order.push(i);
        await gate.promise;
        return i;
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual([0, 1]);
    expect([queue.active, queue.waiting]).toEqual([2, 1]);
    gates[0]!.resolve();
    await runs[0];
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual([0, 1, 2]);
    gates[1]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    // A slot is given back in the turn after its caller's answer.
    await new Promise((r) => setImmediate(r));
    expect([queue.active, queue.waiting]).toEqual([0, 0]);
  });

  it('never runs more than `concurrency` at once, even for a task that arrives while a slot is handed to a waiting one', async () => {
    const queue = createTransformQueue({ concurrency: 1, maxWaiting: 100, timeout: 5000 });
    const counts = { running: 0, most: 0 };
    const task = (gate?: Promise<void>) => async () => {
      counts.running++;
      counts.most = Math.max(counts.most, counts.running);
      await (gate ?? Promise.resolve());
      counts.running--;
    };
    const [a, b] = [deferred(), deferred()];
    const runs = [queue.run(task(a.promise)), queue.run(task(b.promise))];
    await new Promise((r) => setImmediate(r));
    expect([queue.active, queue.waiting]).toEqual([1, 1]);
    // The first task ends: its slot goes to the waiting one. A new task arrives at every turn of the microtask
    // queue meanwhile, so one of them arrives in the moment between the slot's release and the waiting task's start.
    a.resolve();
    for (let turn = 0; turn < 20; turn++) {
      runs.push(queue.run(task()));
      await Promise.resolve();
    }
    await new Promise((r) => setImmediate(r));
    b.resolve();
    await Promise.all(runs);
    expect(counts.most).toBe(1);
    await new Promise((r) => setImmediate(r));
    expect([queue.active, queue.waiting]).toEqual([0, 0]);
  });

  it('answers 503 at once when the queue is full', async () => {
    const queue = createTransformQueue({ concurrency: 1, maxWaiting: 1, timeout: 5000 });
    const gate = deferred();
    const first = queue.run(() => gate.promise);
    const second = queue.run(() => Promise.resolve());
    await expect(queue.run(() => Promise.resolve())).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
    gate.resolve();
    await Promise.all([first, second]);
  });

  it('answers 503 after the timeout, and keeps the slot until the work stops', async () => {
    const queue = createTransformQueue({ concurrency: 1, maxWaiting: 0, timeout: 20 });
    const gate = deferred();
    await expect(queue.run(() => gate.promise)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: expect.stringContaining('took too long'),
    });
    expect(queue.active).toBe(1);
    await expect(queue.run(() => Promise.resolve())).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    gate.resolve();
    await new Promise((r) => setImmediate(r));
    expect(queue.active).toBe(0);
    expect(await queue.run(() => Promise.resolve('ok'))).toBe('ok');
  });
});
