import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { execArgvWith, stopWhenLauncherGoes } from './relaunch-with-v8-flags.js';

const FLAGS = ['--heap-growing-percent=25', '--max-semi-space-size=8', '--no-allocation-site-pretenuring'];

describe('execArgvWith', () => {
  it('is null when node already carries exactly the flags (npm start, the image), in any order or spelling', () => {
    expect(execArgvWith(FLAGS, FLAGS)).toBeNull();
    expect(
      execArgvWith(['--max_semi_space_size=8', '--import', 'tsx', '--no_allocation_site_pretenuring', '--heap-growing-percent=25'], FLAGS),
    ).toBeNull();
    expect(execArgvWith([], [])).toBeNull();
    expect(execArgvWith(['--import', 'tsx'], [])).toBeNull();
  });

  it("adds the flags to node's other arguments when they are missing", () => {
    expect(execArgvWith([], FLAGS)).toEqual(FLAGS);
    expect(execArgvWith(['--import', 'tsx'], FLAGS)).toEqual(['--import', 'tsx', ...FLAGS]);
  });

  it('replaces other values of the managed flags (the last of a repeated flag is the one node uses)', () => {
    expect(
      execArgvWith(['--heap-growing-percent=25', '--max-semi-space-size=8', '--enable-source-maps'], ['--heap-growing-percent=40']),
    ).toEqual(['--enable-source-maps', '--heap-growing-percent=40']);
    expect(execArgvWith(['--heap-growing-percent=40', '--heap-growing-percent=25', ...FLAGS.slice(1)], FLAGS)).toBeNull();
    expect(execArgvWith(['--heap-growing-percent=25', '--heap-growing-percent=40', ...FLAGS.slice(1)], FLAGS)).toEqual(FLAGS);
  });

  it('takes a flag and its `--no-` form as one flag: the last given is the one V8 uses', () => {
    expect(
      execArgvWith(['--no-allocation-site-pretenuring', '--allocation-site-pretenuring'], ['--no-allocation-site-pretenuring']),
    ).toEqual(['--no-allocation-site-pretenuring']);
    expect(
      execArgvWith(['--allocation-site-pretenuring', '--no-allocation-site-pretenuring'], ['--no-allocation-site-pretenuring']),
    ).toBeNull();
    expect(execArgvWith(['--allocation-site-pretenuring', '--import', 'tsx'], [])).toEqual(['--import', 'tsx']);
  });

  it('removes the managed flags when the configuration asks for none (a setting of 0), and leaves unmanaged flags alone', () => {
    expect(execArgvWith(FLAGS, [])).toEqual([]);
    expect(execArgvWith(['--max-old-space-size=512'], [])).toBeNull();
  });
});

describe('stopWhenLauncherGoes', () => {
  it("calls back once the launcher's channel closes, and does not let the channel hold the process", () => {
    let unrefs = 0;
    const proc = Object.assign(new EventEmitter(), { channel: { unref: () => void unrefs++ } }) as unknown as NodeJS.Process;
    let gone = 0;
    stopWhenLauncherGoes(proc, () => void gone++);
    expect(unrefs).toBe(1);
    expect(gone).toBe(0);
    proc.emit('disconnect');
    proc.emit('disconnect');
    expect(gone).toBe(1);
  });

  it('does nothing without a channel (started by anything but a launcher)', () => {
    const proc = Object.assign(new EventEmitter(), { channel: undefined }) as unknown as NodeJS.Process;
    let gone = 0;
    stopWhenLauncherGoes(proc, () => void gone++);
    proc.emit('disconnect');
    expect(gone).toBe(0);
  });
});
