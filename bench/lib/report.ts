/**
 * The markdown report: one table of cases (requests/s, p50/p99, errors, ratios, targets), one of start time and
 * memory, one of what each server answered. bench/RESULTS.md keeps the latest full run per database.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { BenchCase } from './cases.js';
import type { LoadResult, Probe } from './load.js';
import type { Memory } from './process-metrics.js';

export type CpuUse = { server: number; runner: number; others: number };

export type Outcome =
  | { kind: 'na'; reason: string }
  | {
      kind: 'ran';
      probe: Pick<Probe, 'status' | 'bytes'> & { code?: string };
      load: LoadResult;
      cpu: CpuUse;
      rssMb: number;
      peakMb: number;
    }
  | { kind: 'failed'; reason: string };

export type CaseReport = { benchCase: BenchCase; stratum: Outcome; directus: Outcome; floor?: Outcome };

export type ServerFacts = {
  label: string;
  node: string;
  startMs?: number;
  spawnToPongMs?: number;
  idle?: Memory;
  afterSeed?: Memory;
  afterLoad?: Memory;
};

export type RunReport = {
  date: string;
  db: 'sqlite' | 'postgres';
  command: string;
  machine: string[];
  connections: number;
  durationS: number;
  warmupS: number;
  stratum: ServerFacts & { coldStartMs?: number };
  directus: ServerFacts;
  floor?: { idle?: Memory; afterLoad?: Memory; sameJson: string };
  cases: CaseReport[];
  notes: string[];
};

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const mb = (m?: Memory) =>
  m
    ? `${m.rssMb.toFixed(0)} MB${m.children > 0 ? ` (+${m.childrenRssMb.toFixed(0)} MB in ${m.children} child process${m.children > 1 ? 'es' : ''})` : ''}`
    : '—';

function clean(outcome: Outcome | undefined): LoadResult | undefined {
  return outcome?.kind === 'ran' && outcome.load.non2xx === 0 && outcome.load.errors === 0 && outcome.load.ok > 0
    ? outcome.load
    : undefined;
}

function cells(outcome: Outcome | undefined): string[] {
  if (!outcome) return ['', '', ''];
  if (outcome.kind === 'na') return [`n/a (${outcome.reason})`, '', ''];
  if (outcome.kind === 'failed') return [`failed: ${outcome.reason}`, '', ''];
  const { load } = outcome;
  const bad = load.non2xx + load.errors;
  const errors =
    bad === 0
      ? '0'
      : `**${int(bad)}** (${
          Object.entries(load.statuses)
            .filter(([code]) => !code.startsWith('2'))
            .map(([code, n]) => `${code}×${int(n)}`)
            .join(', ') || `${load.errors} conn. errors`
        })`;
  return [int(load.okRps), `${ms(load.p50)} / ${ms(load.p99)}`, errors];
}

function ratio(a: Outcome | undefined, b: Outcome | undefined): number | undefined {
  const x = clean(a);
  const y = clean(b);
  return x && y ? x.okRps / y.okRps : undefined;
}

const times = (r: number | undefined) => (r === undefined ? '—' : r >= 10 ? `${r.toFixed(0)}×` : `${r.toFixed(2)}×`);

/** The same ratio per CPU-second the server used: less sensitive to other processes taking CPU. */
function ratioPerCpu(a: Outcome | undefined, b: Outcome | undefined): number | undefined {
  const x = clean(a);
  const y = clean(b);
  if (!x || !y || a?.kind !== 'ran' || b?.kind !== 'ran' || a.cpu.server <= 0 || b.cpu.server <= 0) return undefined;
  return x.okRps / a.cpu.server / (y.okRps / b.cpu.server);
}

const ratioCell = (a: Outcome | undefined, b: Outcome | undefined) => {
  const r = ratio(a, b);
  const perCpu = ratioPerCpu(a, b);
  return r === undefined ? '—' : `${times(r)}${perCpu === undefined ? '' : ` (${times(perCpu)})`}`;
};

function verdict(c: CaseReport): string {
  const target = c.benchCase.target;
  if (!target) return '— (no target)';
  if (c.stratum.kind !== 'ran') return `n/a`;
  if (!clean(c.stratum)) return '**no** (errors)';
  const vsDirectus = ratio(c.stratum, c.directus);
  const wants = [`≥${target.minVsDirectus}× Directus`];
  let met = vsDirectus !== undefined && vsDirectus >= target.minVsDirectus;
  if (vsDirectus === undefined) return `${wants.join(', ')}: ? (${c.directus.kind === 'ran' ? 'Directus errors' : 'no Directus result'})`;
  if (target.minVsFloor !== undefined) {
    wants.push(`≥${target.minVsFloor}× floor`);
    const vsFloor = ratio(c.stratum, c.floor);
    met = met && vsFloor !== undefined && vsFloor >= target.minVsFloor;
  }
  return `${wants.join(', ')}: ${met ? 'yes' : '**no**'}`;
}

export function renderReport(run: RunReport): string {
  const lines: string[] = [];
  lines.push(`### ${run.db === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: ${run.date}`, '');
  lines.push(`Command: \`${run.command}\``, '');
  lines.push(`Machine: ${run.machine.join('; ')}`, '');
  lines.push(
    `Load: autocannon, ${run.connections} connections, ${run.durationS} s per case and server after a ${run.warmupS} s warm-up, one server after the other. Requests/s count 2xx answers only. Ratios in brackets are per CPU-second used by each server during its load (less sensitive to other processes on the machine); the targets are checked on the plain ratios.`,
    '',
  );
  lines.push(
    '| Case | Stratum req/s | p50 / p99 ms | non-2xx | Directus req/s | p50 / p99 ms | non-2xx | Stratum / Directus | Floor req/s | Stratum / floor | Target: met? |',
  );
  lines.push('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|');
  for (const c of run.cases) {
    const [sRps, sLat, sErr] = cells(c.stratum);
    const [dRps, dLat, dErr] = cells(c.directus);
    const floorRps = c.floor ? cells(c.floor)[0] : '';
    lines.push(
      `| \`${c.benchCase.title}\` | ${sRps} | ${sLat} | ${sErr} | ${dRps} | ${dLat} | ${dErr} | ${ratioCell(c.stratum, c.directus)} | ${floorRps} | ${c.floor ? ratioCell(c.stratum, c.floor) : ''} | ${verdict(c)} |`,
    );
  }
  lines.push('');
  const s = run.stratum;
  const d = run.directus;
  const check = (value: number | undefined, limit: number) => (value === undefined ? '?' : value <= limit ? 'yes' : '**no**');
  lines.push('| Start and memory | Stratum | Directus | Target (Stratum) | Met? |', '|---|--:|--:|---|---|');
  lines.push(
    `| Start → first pong (age of the process at the first pong) | ${s.startMs === undefined ? '—' : `${int(s.startMs)} ms`} | ${d.startMs === undefined ? '—' : `${int(d.startMs)} ms`} | ≤ 500 ms (issue 15) | ${s.startMs === undefined ? '?' : s.startMs <= 500 ? 'yes' : '**no**'} |`,
  );
  if (s.coldStartMs !== undefined)
    lines.push(`| First start on an empty database (migrations + bootstrap), Stratum | ${int(s.coldStartMs)} ms | | | |`);
  lines.push(`| RSS idle (after start, before any load) | ${mb(s.idle)} | ${mb(d.idle)} | ≤ 80 MB | ${check(s.idle?.rssMb, 80)} |`);
  lines.push(`| RSS after the seeding (1,000 rows in 10 POSTs, 50 PATCHes, logins) | ${mb(s.afterSeed)} | ${mb(d.afterSeed)} | | |`);
  lines.push(`| RSS after the load (all cases) | ${mb(s.afterLoad)} | ${mb(d.afterLoad)} | ≤ 150 MB | ${check(s.afterLoad?.rssMb, 150)} |`);
  lines.push(
    `| Peak RSS (VmHWM) over the run | ${s.afterLoad ? `${s.afterLoad.peakMb.toFixed(0)} MB` : '—'} | ${d.afterLoad ? `${d.afterLoad.peakMb.toFixed(0)} MB` : '—'} | | |`,
  );
  if (run.floor) lines.push(`| Floor RSS idle / after its load | ${mb(run.floor.idle)} / ${mb(run.floor.afterLoad)} | | | |`);
  lines.push(`| Node.js | ${s.node} | ${d.node} | | |`);
  lines.push('');
  lines.push(
    '<details><summary>What each server answered (probe before the load: status, bytes) and the CPUs used during the load (server / load generator / other processes on the machine), RSS after the case (peak so far)</summary>',
    '',
  );
  lines.push('| Case | Stratum | Directus | Floor |', '|---|---|---|---|');
  const cpu = (u: CpuUse) => `CPU ${u.server.toFixed(2)} / ${u.runner.toFixed(2)} / ${u.others.toFixed(2)}`;
  const probeCell = (o: Outcome | undefined) =>
    !o
      ? ''
      : o.kind === 'ran'
        ? `${o.probe.status}${o.probe.code ? ` ${o.probe.code}` : ''}, ${int(o.probe.bytes)} B; ${cpu(o.cpu)}; RSS ${o.rssMb.toFixed(0)} MB (${o.peakMb.toFixed(0)})`
        : o.kind === 'na'
          ? `n/a: ${o.reason}`
          : `failed: ${o.reason}`;
  for (const c of run.cases)
    lines.push(`| \`${c.benchCase.title}\` | ${probeCell(c.stratum)} | ${probeCell(c.directus)} | ${probeCell(c.floor)} |`);
  lines.push('', '</details>', '');
  if (run.floor) lines.push(`Floor check: ${run.floor.sameJson}`, '');
  if (run.notes.length > 0) {
    lines.push('Notes:', '');
    for (const note of run.notes) lines.push(`- ${note}`);
    lines.push('');
  }
  return lines.join('\n');
}

const HEADER = `# Benchmark results

Written by \`npm run bench\` (see [docs/benchmarks.md](../docs/benchmarks.md)); each full run replaces the section of
its database. Ratios are from one run on one machine: compare them, not the absolute numbers, across machines.
`;

/** Replaces this database's section of bench/RESULTS.md (and keeps the other database's). */
export function writeResults(file: string, run: RunReport, markdown: string): void {
  const start = `<!-- bench:${run.db}:start -->`;
  const end = `<!-- bench:${run.db}:end -->`;
  const section = `${start}\n${markdown}\n${end}`;
  let text = existsSync(file) ? readFileSync(file, 'utf8') : HEADER;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from >= 0 && to > from) text = text.slice(0, from) + section + text.slice(to + end.length);
  else if (run.db === 'sqlite' && text.startsWith(HEADER)) text = `${HEADER}\n${section}\n${text.slice(HEADER.length)}`;
  else text = `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, `${text.trimEnd()}\n`);
}
