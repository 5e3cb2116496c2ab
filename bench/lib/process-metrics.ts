/**
 * What /proc says about a server process: resident memory (current and peak), its age, its children.
 * Linux only, like the benchmark.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { call, sleep } from './api-client.js';

/** The main process's RSS and peak RSS, and the RSS of its child processes (if any), in MB. */
export type Memory = { rssMb: number; peakMb: number; children: number; childrenRssMb: number };

let clockTicks: number | undefined;

export function ticksPerSecond(): number {
  if (clockTicks === undefined) {
    try {
      clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      clockTicks = 100;
    }
  }
  return clockTicks;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Fields of /proc/<pid>/stat after the command name (field 3 onwards, 0-based index 0 = state). */
function statFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** Seconds since the process was started (10 ms resolution, from the kernel's own clock). */
export function processAgeSeconds(pid: number): number {
  const startTicks = Number(statFields(pid)[19]);
  const uptime = Number(readFileSync('/proc/uptime', 'utf8').split(' ')[0]);
  return uptime - startTicks / ticksPerSecond();
}

function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(statFields(Number(entry))[1]);
      const list = children.get(parent) ?? [];
      list.push(Number(entry));
      children.set(parent, list);
    } catch {
      // the process ended meanwhile
    }
  }
  const out: number[] = [];
  const queue = [pid];
  while (queue.length > 0 && out.length < 1000) {
    const next = queue.shift() as number;
    for (const child of children.get(next) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

function statusKb(pid: number, key: string): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${key}:`));
  return line ? Number(line.split(/\s+/)[1]) : 0;
}

/** RSS and peak RSS (VmHWM) of the process, and the RSS of all its descendants, in MB. */
export function memoryOf(pid: number): Memory {
  const rss = statusKb(pid, 'VmRSS');
  const peak = statusKb(pid, 'VmHWM');
  let childrenRss = 0;
  const children = descendants(pid);
  for (const child of children) {
    try {
      childrenRss += statusKb(child, 'VmRSS');
    } catch {
      // ended meanwhile
    }
  }
  return { rssMb: rss / 1024, peakMb: peak / 1024, children: children.length, childrenRssMb: childrenRss / 1024 };
}

export type Pong = { wallMs: number };

/**
 * Polls GET /server/ping every 10 ms until it answers "pong" or the deadline passes. `alive` lets the caller
 * stop early when the process it waits for has exited.
 */
export async function waitForPong(port: number, timeoutMs: number, alive: () => boolean = () => true): Promise<Pong> {
  const started = performance.now();
  const deadline = started + timeoutMs;
  while (performance.now() < deadline) {
    try {
      const response = await call(port, '/server/ping', { timeoutMs: 1000 });
      if (response.status === 200 && response.text.trim() === 'pong') return { wallMs: performance.now() - started };
    } catch {
      // not listening yet
    }
    if (!alive()) throw new Error(`the server for port ${port} exited before answering /server/ping`);
    await sleep(10);
  }
  throw new Error(`no pong on port ${port} within ${timeoutMs} ms`);
}

/** True when something already answers HTTP on the port (so we would measure the wrong server). */
export async function portAnswers(port: number): Promise<boolean> {
  try {
    await call(port, '/server/ping', { timeoutMs: 500 });
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; waits (bounded) until the process is gone. */
export async function stopPid(pid: number, graceMs = 5000): Promise<void> {
  if (!isAlive(pid)) return;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && isAlive(pid)) await sleep(50);
  if (isAlive(pid)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
    const hardDeadline = Date.now() + 2000;
    while (Date.now() < hardDeadline && isAlive(pid)) await sleep(50);
  }
}

/** CPU time counters: the whole machine's busy time, the server's (with its children) and the runner's, in ticks. */
export type CpuSnapshot = { machineBusy: number; server: number; runner: number; at: number };

export function cpuSnapshot(serverPid: number): CpuSnapshot {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  const ticksOf = (pid: number) => {
    try {
      const f = statFields(pid);
      return Number(f[11]) + Number(f[12]);
    } catch {
      return 0;
    }
  };
  const server = [serverPid, ...descendants(serverPid)].reduce((sum, pid) => sum + ticksOf(pid), 0);
  return { machineBusy: user + nice + system + irq + softirq + steal, server, runner: ticksOf(process.pid), at: performance.now() };
}

/** CPUs used (on average) between two snapshots by the server, the runner (load generator) and everything else. */
export function cpuUse(before: CpuSnapshot, after: CpuSnapshot): { server: number; runner: number; others: number } {
  const seconds = Math.max(0.001, (after.at - before.at) / 1000);
  const perSecond = (ticks: number) => ticks / ticksPerSecond() / seconds;
  const server = perSecond(after.server - before.server);
  const runner = perSecond(after.runner - before.runner);
  return { server, runner, others: Math.max(0, perSecond(after.machineBusy - before.machineBusy) - server - runner) };
}

/**
 * Waits (at most `maxWaitMs`) until the other processes on the machine use less than `maxOthers` CPUs over a
 * one-second sample, so that a load does not start in the middle of someone else's test run. Returns the last
 * sample.
 */
export async function waitForQuiet(serverPid: number, maxOthers: number, maxWaitMs: number): Promise<number> {
  const deadline = Date.now() + maxWaitMs;
  for (;;) {
    const before = cpuSnapshot(serverPid);
    await sleep(1000);
    const { others } = cpuUse(before, cpuSnapshot(serverPid));
    if (others <= maxOthers || Date.now() >= deadline) return others;
  }
}
