/**
 * The top self-time functions (and files/packages) of a V8 .cpuprofile, as written by `node --cpu-prof`.
 *
 *   node --import tsx bench/profile-summary.ts bench/.work/profiles/CPU.*.cpuprofile [--top 30]
 */
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; hitCount?: number; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples?: number[]; timeDeltas?: number[] };

export type Row = { name: string; ms: number; share: number };
export type Summary = { totalMs: number; idleMs: number; functions: Row[]; files: Row[]; inclusive: Row[] };

/** Shortens a script URL to `pkg/file` for node_modules, `src/...` for the project, `node:...` for Node. */
function where(url: string): string {
  if (!url) return '(native)';
  const file = url.startsWith('file://') ? fileURLToPath(url) : url;
  const nm = file.lastIndexOf('node_modules/');
  if (nm >= 0) return file.slice(nm + 'node_modules/'.length);
  const src = file.lastIndexOf('/src/');
  if (src >= 0) return file.slice(src + 1);
  const dist = file.indexOf('/dist/');
  if (dist >= 0) return file.slice(dist + 1);
  return file.startsWith('node:') ? file : path.basename(file);
}

/** The project's own code: `src/` (through the bundle's source map) or `dist/`. */
function isProject(url: string): boolean {
  const w = where(url);
  return w.startsWith('src/') || w.startsWith('dist/');
}

const sourceMaps = new Map<string, SourceMap | null>();

/**
 * The frame at its original place when its script has a source map beside it (`dist/stratum*.js.map`): the
 * server runs as one bundle (decision 0028), so without the map knex, Fastify and the project's own modules would
 * all be one file.
 */
function original(frame: CallFrame): CallFrame {
  if (!frame.url.startsWith('file://') || frame.lineNumber < 0) return frame;
  const file = fileURLToPath(frame.url);
  let map = sourceMaps.get(file);
  if (map === undefined) {
    map = existsSync(`${file}.map`)
      ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0])
      : null;
    sourceMaps.set(file, map);
  }
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
  if (!entry || !('originalSource' in entry)) return frame;
  const source = entry.originalSource.startsWith('file://')
    ? fileURLToPath(entry.originalSource)
    : path.resolve(path.dirname(file), entry.originalSource);
  return { ...frame, url: `file://${source}`, lineNumber: entry.originalLine, columnNumber: entry.originalColumn };
}

/** The owning package (or `stratum`/`node`) of a location, for the per-package table. */
function owner(url: string): string {
  const w = where(url);
  if (w === '(native)') return '(native/GC/program)';
  if (w.startsWith('node:')) return 'node: (core)';
  if (w.startsWith('dist/') || w.startsWith('src/')) return w.split('/').slice(0, 3).join('/');
  const parts = w.split('/');
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1] ?? ''}` : (parts[0] ?? w);
}

/**
 * Self time per function and per package. `window` (seconds since the profile started, which is within a few
 * tens of milliseconds of the process start) keeps only the samples taken inside it, e.g. one measured load.
 */
export function summarise(file: string, top = 25, window?: { from: number; to: number }): Summary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const selfUs = new Map<number, number>();
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    node.callFrame = original(node.callFrame);
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  if (profile.samples && profile.timeDeltas) {
    let at = 0;
    for (let i = 0; i < profile.samples.length; i++) {
      const delta = Math.max(0, profile.timeDeltas[i] ?? 0);
      at += delta;
      if (window && (at / 1e6 < window.from || at / 1e6 > window.to)) continue;
      const id = profile.samples[i] as number;
      selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
    }
  } else {
    const interval =
      (profile.endTime - profile.startTime) /
      Math.max(
        1,
        profile.nodes.reduce((n, node) => n + (node.hitCount ?? 0), 0),
      );
    for (const node of profile.nodes) selfUs.set(node.id, (node.hitCount ?? 0) * interval);
  }
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (us === 0) continue;
    total += us;
    const frame = node.callFrame;
    if (frame.functionName === '(idle)') {
      idle += us;
      continue;
    }
    const name = `${frame.functionName || '(anonymous)'} ${where(frame.url)}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    const o = frame.url ? owner(frame.url) : frame.functionName;
    byFile.set(o, (byFile.get(o) ?? 0) + us);
  }
  // Inclusive time of the project's own functions (src/ or dist/): each sample counts once for every distinct
  // project function on its stack.
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (!frame || !isProject(frame.url)) continue;
      const name = `${frame.functionName || '(anonymous)'} ${where(frame.url)}:${frame.lineNumber + 1}`;
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + us);
    }
  }
  const busy = Math.max(1, total - idle);
  const rows = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: us / busy }));
  return { totalMs: total / 1000, idleMs: idle / 1000, functions: rows(byFunction), files: rows(byFile), inclusive: rows(inclusive) };
}

export function renderSummary(file: string, summary: Summary, title = ''): string {
  const pct = (share: number) => `${(share * 100).toFixed(1)}%`;
  const lines = [
    `Profile ${path.basename(file)}${title ? ` (${title})` : ''}: ${summary.totalMs.toFixed(0)} ms sampled, ${summary.idleMs.toFixed(0)} ms idle; shares are of the busy time.`,
    '',
    'Top self time by function:',
  ];
  for (const row of summary.functions) lines.push(`  ${pct(row.share).padStart(6)}  ${row.ms.toFixed(0).padStart(7)} ms  ${row.name}`);
  lines.push('', 'Self time by package / folder:');
  for (const row of summary.files) lines.push(`  ${pct(row.share).padStart(6)}  ${row.ms.toFixed(0).padStart(7)} ms  ${row.name}`);
  lines.push('', "Inclusive time of the project's functions (self + callees):");
  for (const row of summary.inclusive) lines.push(`  ${pct(row.share).padStart(6)}  ${row.ms.toFixed(0).padStart(7)} ms  ${row.name}`);
  return lines.join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    options: { top: { type: 'string', default: '25' }, from: { type: 'string' }, to: { type: 'string' } },
    allowPositionals: true,
  });
  const window =
    values.from !== undefined || values.to !== undefined
      ? { from: Number(values.from ?? 0), to: Number(values.to ?? Infinity) }
      : undefined;
  if (positionals.length === 0) {
    console.error('usage: node --import tsx bench/profile-summary.ts <file.cpuprofile>... [--top N] [--from s] [--to s]');
    process.exit(2);
  }
  for (const file of positionals) console.log(renderSummary(file, summarise(file, Number(values.top), window)), '\n');
}
