/**
 * The markdown of one `npm run bench:relations` run: per case, each server's requests/s (the mean over the
 * rounds, each round in brackets), latency, and the ratios against the goals of issue 27: at least 20× Directus
 * and within 2× of the hand-written SQL (Stratum / hand SQL ≥ 0.5).
 */
import type { Measured, RelationCase } from './relations-cases.js';
import type { Sizes } from './relations-data.js';

export type RelationsRun = {
  db: string;
  date: string;
  command: string;
  machine: string;
  load: { connections: number; durationS: number; warmupS: number; rounds: number };
  sizes: Sizes;
  counts: Record<string, number>;
  checks: string[];
  cases: RelationCase[];
  results: Record<string, Record<string, Measured[]>>;
};

const GOAL = { vsDirectus: 20, vsFloor: 0.5 };

const mean = (runs: Measured[] | undefined) =>
  runs && runs.length > 0 ? runs.reduce((sum, m) => sum + m.load.okRps, 0) / runs.length : undefined;
const rps = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(n >= 10 ? 1 : 2));

function cell(runs: Measured[] | undefined): string {
  const value = mean(runs);
  if (value === undefined || !runs) return '—';
  const rounds = runs.length > 1 ? ` (${runs.map((m) => rps(m.load.okRps)).join(', ')})` : '';
  const last = runs[runs.length - 1] as Measured;
  const errors = runs.reduce((sum, m) => sum + m.load.non2xx + m.load.errors, 0);
  return `${rps(value)}${rounds}; ${last.load.p50} / ${last.load.p99} ms${errors ? `; ${errors} non-2xx/errors` : ''}`;
}

const ratio = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined || b === 0 ? undefined : a / b);
const show = (r: number | undefined) => (r === undefined ? '—' : `${r >= 10 ? Math.round(r) : r.toFixed(2)}×`);

export function renderRelations(run: RelationsRun): string {
  const { load, sizes } = run;
  const lines = [
    `### Relational reads at scale, ${run.db === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: ${run.date}`,
    '',
    `Command: \`${run.command}\``,
    '',
    `Machine: ${run.machine}`,
    '',
    `Data: ${sizes.articles.toLocaleString('en-US')} articles, ${sizes.tags.toLocaleString('en-US')} tags (${sizes.tagsPerArticle} per article: ${(sizes.articles * sizes.tagsPerArticle).toLocaleString('en-US')} junction rows), ${sizes.authors.toLocaleString('en-US')} authors; Stratum counts through its API: ${JSON.stringify(run.counts)}.`,
    '',
    `Load: autocannon, ${load.connections} connections, ${load.durationS} s per case and server after a ${load.warmupS} s warm-up; Stratum, Directus and the hand SQL one after the other for each case, ${load.rounds} round(s). Requests/s count 2xx answers; p50 / p99 of the last round.`,
    '',
    '| Case | Stratum req/s; p50 / p99 | Directus req/s; p50 / p99 | hand SQL req/s; p50 / p99 | Stratum / Directus | Stratum / hand SQL | Goal (≥ 20× Directus, ≥ 0.5× hand SQL) met? |',
    '|---|--:|--:|--:|--:|--:|---|',
  ];
  for (const c of run.cases) {
    const r = run.results[c.id] ?? {};
    const s = mean(r.Stratum);
    const vsDirectus = ratio(s, mean(r.Directus));
    const vsFloor = ratio(s, mean(r['hand SQL']));
    const met = [
      vsDirectus === undefined ? 'Directus: —' : `Directus: ${vsDirectus >= GOAL.vsDirectus ? 'yes' : '**no**'}`,
      vsFloor === undefined ? 'hand SQL: —' : `hand SQL: ${vsFloor >= GOAL.vsFloor ? 'yes' : '**no**'}`,
    ].join(', ');
    lines.push(
      `| \`${c.id}\`: ${c.title} | ${cell(r.Stratum)} | ${cell(r.Directus)} | ${cell(r['hand SQL'])} | ${show(vsDirectus)} | ${show(vsFloor)} | ${met} |`,
    );
  }
  lines.push('', 'The answers compared (first request of each case; same JSON = equal after sorting object keys):', '');
  for (const check of run.checks) lines.push(`- ${check}`);
  return `${lines.join('\n')}\n`;
}
