import { describe, expect, it } from 'vitest';
import { createScriptRunner } from './run-script.js';

const limits = { maxMemory: 16 * 1024 * 1024, timeoutMs: 2000 };
const runner = createScriptRunner(limits);
const run = (code: string, data: unknown = {}, more: Partial<typeof limits> = {}) =>
  Object.keys(more).length === 0 ? runner.run(code, data) : createScriptRunner({ ...limits, ...more }).run(code, data);

describe('runScript', () => {
  it('runs module.exports with the data and answers its result, async too', async () => {
    await expect(run('module.exports = function (data) { return { sum: data.a + data.b }; }', { a: 1, b: 2 })).resolves.toEqual({ sum: 3 });
    await expect(
      run('module.exports = async (data) => { await null; return data.$trigger.x * 2; }', { $trigger: { x: 21 } }),
    ).resolves.toBe(42);
    await expect(run('module.exports = () => undefined')).resolves.toBeNull();
  });

  it('has no process, require, fetch, file system or timers of the host', async () => {
    const probe = `module.exports = () => [typeof process, typeof require, typeof fetch, typeof globalThis.fs, typeof setTimeout, typeof __input];`;
    await expect(run(probe)).resolves.toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined', 'undefined']);
    await expect(run('module.exports = () => process.exit(1)')).rejects.toThrow(/process.? is not defined/);
    await expect(run("module.exports = () => require('child_process')")).rejects.toThrow(/require.? is not defined/);
    await expect(run('module.exports = () => this.constructor.constructor("return process")()')).rejects.toThrow();
  });

  it('fails a script that throws, sets no function, or waits forever', async () => {
    await expect(run('module.exports = () => { throw new Error("bad input"); }')).rejects.toThrow('bad input');
    await expect(run('module.exports = 3')).rejects.toThrow(/module.exports to a function/);
    await expect(run('module.exports = () => new Promise(() => {})')).rejects.toThrow(/never finished/);
    await expect(run('this is not javascript')).rejects.toThrow();
  });

  it('stops an endless loop at the time limit', async () => {
    await expect(run('module.exports = () => { for (;;) {} }', {}, { timeoutMs: 100 })).rejects.toThrow(/FLOWS_RUN_SCRIPT_TIMEOUT/);
  });

  it('stops a memory bomb at the memory limit, and deep recursion inside the sandbox', async () => {
    const objects = 'module.exports = () => { const a = []; for (let i = 0; ; i++) a.push({ i, more: [i, i, i] }); }';
    await expect(run(objects, {}, { maxMemory: 8 * 1024 * 1024, timeoutMs: 60_000 })).rejects.toThrow(/memory/i);
    await expect(run('module.exports = () => { const f = (n) => f(n + 1) + 1; return f(0); }')).rejects.toThrow();
    // The runner still works after a run that overflowed its stack.
    await expect(run('module.exports = () => "still here"')).resolves.toBe('still here');
  });
});
