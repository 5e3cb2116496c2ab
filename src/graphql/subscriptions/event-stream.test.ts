import { describe, expect, it } from 'vitest';
import { createEventStream } from './event-stream.js';

describe('createEventStream', () => {
  it('gives pushed values in order, whether pushed before or after they are asked for', async () => {
    const stream = createEventStream<number>(() => undefined);
    stream.push(1);
    const second = stream.next();
    const first = await second;
    expect(first).toEqual({ value: 1, done: false });
    const pending = stream.next();
    stream.push(2);
    expect(await pending).toEqual({ value: 2, done: false });
  });

  it('ends once on return(): the waiting reader is told done, later pushes are dropped', async () => {
    let returned = 0;
    const stream = createEventStream<number>(() => returned++);
    const pending = stream.next();
    await stream.return!();
    await stream.return!();
    stream.push(3);
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(await stream.next()).toEqual({ value: undefined, done: true });
    expect(returned).toBe(1);
  });
});
