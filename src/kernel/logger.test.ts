import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

/** A stream that keeps what it is given, as text. */
function sink(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}

describe('createLogger', () => {
  it('writes short readable lines in the pretty style: time, level, message, no JSON and no request fields', async () => {
    const out = sink();
    const logger = createLogger({ level: 'info', style: 'pretty' }, out.stream);
    logger.info({ method: 'GET', url: '/x', statusCode: 200, responseTime: 3 }, 'GET /x 200 3 ms');
    logger.warn('careful');
    await new Promise((resolve) => setImmediate(resolve));
    const lines = out.text().trim().split('\n');
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/x 200 3 ms$/);
    expect(lines[1]).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: careful$/);
  });

  it('writes JSON lines in the raw style, and in auto when the output is not a terminal; pretty ones in auto on a terminal', async () => {
    for (const [style, terminal, json] of [
      ['raw', true, true],
      ['auto', false, true],
      ['auto', true, false],
    ] as const) {
      const out = sink();
      createLogger({ level: 'info', style }, out.stream, terminal).info('hello');
      await new Promise((resolve) => setImmediate(resolve));
      const line = out.text().trim();
      if (json) expect(JSON.parse(line)).toMatchObject({ level: 30, msg: 'hello' });
      else expect(line).toMatch(/INFO: hello$/);
    }
  });

  it('redacts secrets in the pretty style too', async () => {
    const out = sink();
    createLogger({ level: 'info', style: 'pretty' }, out.stream).info({ password: 'hunter2' }, 'Bearer abc.def.ghi sent');
    await new Promise((resolve) => setImmediate(resolve));
    expect(out.text()).not.toContain('hunter2');
    expect(out.text()).not.toContain('abc.def.ghi');
  });
});
