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

  it('answers the bytes it holds that nobody took yet', async () => {
    const stream = createEventStream<string>(() => undefined);
    expect(stream.push('a', 10)).toBe(10);
    expect(stream.push('b', 5)).toBe(15);
    await stream.next();
    expect(stream.push('c', 1)).toBe(6);
    await stream.next();
    await stream.next();
    const waiting = stream.next();
    expect(stream.push('d', 100)).toBe(0);
    expect(await waiting).toEqual({ value: 'd', done: false });
  });
});
