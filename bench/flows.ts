/**
 * `npm run bench:flows`: the cost of flows (issue 29), Stratum on SQLite (see docs/benchmarks.md).
 *
 * 1. Write cost: POST /items/… requests/s under autocannon, --rounds rounds of: no flow, a one-operation `filter`
 *    flow on `items.create` of the collection, no flow, a one-operation `action` flow; a last no-flow run. Each
 *    flow's cost is its mean against the mean of every no-flow run (goal ≤ 15 % each).
 * 2. Webhook throughput: GET /flows/trigger/:id of a webhook flow with one `transform` operation (accountability
 *    null: no run record), requests/s on Stratum and on a reference Directus started beforehand
 *    (`REF_DIR=… REF_PORT=<port> /work/shared/tools/reference-directus start`; skipped when nothing answers on
 *    --directus-port). Goal ≥ 10×.
 * 3. `exec` latency: one request at a time, --exec-requests times, a webhook flow with one `exec` operation vs
 *    the same flow with one `transform` operation; p50/p99 of each and of the difference (the script's cost:
 *    a QuickJS runtime and context per run). The same on Directus (isolated-vm) when it answers.
 *
 *   npm run bench:flows -- [--duration 10] [--connections 4] [--rounds 2] [--exec-requests 300] [--port 8391]
 *                          [--directus-port 8071] [--no-bundle]
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { call, callOk, login } from './lib/api-client.js';
import { runLoad, type LoadResult } from './lib/load.js';
import { portAnswers } from './lib/process-metrics.js';
import { prepareRun } from './lib/prepare-run.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, StratumServer } from './lib/stratum-server.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workDir = path.join(repoRoot, 'bench/.work/flows');
const log = (message: string) => console.error(`[bench:flows] ${message}`);

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '2' },
    'exec-requests': { type: 'string', default: '300' },
    port: { type: 'string', default: '8391' },
    'directus-port': { type: 'string', default: '8071' },
    'no-bundle': { type: 'boolean', default: false },
  },
});
const port = Number(values.port);
const directusPort = Number(values['directus-port']);
const durationS = Number(values.duration);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const COLLECTION = 'flow_bench';

type Api = { port: number; token: string };
const post = (api: Api, p: string, body: unknown) =>
  callOk(api.port, p, { method: 'POST', token: api.token, body }) as Promise<{ id: string }>;
const patch = (api: Api, p: string, body: unknown) => callOk(api.port, p, { method: 'PATCH', token: api.token, body });

/** A flow with one operation (Directus's API: the flow, its operation, then the flow's first operation). */
async function oneOperationFlow(api: Api, flow: Record<string, unknown>, operation: Record<string, unknown>): Promise<string> {
  const created = await post(api, '/flows', { status: 'active', accountability: null, ...flow });
  const op = await post(api, '/operations', { flow: created.id, key: 'only', position_x: 1, position_y: 1, ...operation });
  await patch(api, `/flows/${created.id}`, { operation: op.id });
  return created.id;
}

const TRANSFORM = { name: 'Transform', type: 'transform', options: { json: { ok: true, at: '{{ $trigger.path }}' } } };
const EXEC = {
  name: 'Exec',
  type: 'exec',
  options: {
    code: 'module.exports = async function (data) { return { doubled: [1, 2, 3].map((n) => n * 2), path: data.$trigger.path }; };',
  },
};

function createSpec(token: string) {
  let n = 0;
  return {
    method: 'POST' as const,
    path: `/items/${COLLECTION}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    hooks: {
      setupRequest: (request: { body?: unknown; path?: string }) => ({ ...request, body: JSON.stringify({ title: `item ${++n}` }) }),
      onResponse: () => undefined,
    },
  };
}

const getSpec = (p: string) => ({ method: 'GET' as const, path: p, headers: {} });

/** Sequential latency of GET `p`, in ms, sorted. */
async function latencies(apiPort: number, p: string, count: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint();
    const answer = await call(apiPort, p);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (answer.status !== 200) throw new Error(`GET ${p} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  }
  return times.sort((a, b) => a - b);
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (value: number) => value.toFixed(2);
const rps = (r: LoadResult) =>
  `${Math.round(r.okRps).toLocaleString('en')} req/s (p50 ${r.p50} ms, p99 ${r.p99} ms${r.non2xx + r.errors > 0 ? `, ${r.non2xx + r.errors} failed` : ''})`;

async function loadOk(apiPort: number, spec: Parameters<typeof runLoad>[1]): Promise<LoadResult> {
  await runLoad(apiPort, spec, { connections, durationS: 2 });
  const result = await runLoad(apiPort, spec, { connections, durationS });
  if (result.non2xx + result.errors > 0)
    log(`warning: ${result.non2xx + result.errors} answers were not 2xx: ${JSON.stringify(result.statuses)}`);
  return result;
}

async function main(): Promise<void> {
  const { lines, out } = await prepareRun({ repoRoot, workDir, port, bundle: !values['no-bundle'], log });
  const loadBefore = os.loadavg();

  const stratum = new StratumServer({
    repoRoot,
    workDir,
    port,
    db: { client: 'sqlite', filename: path.join(workDir, 'stratum.db') },
    logName: 'stratum',
    env: { ACCESS_TOKEN_TTL: '2h', LOG_LEVEL: 'warn', RATE_LIMITER_ENABLED: 'false' },
  });
  log('starting Stratum (SQLite) ...');
  await stratum.start();
  try {
    const api: Api = { port, token: (await login(port, ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken };
    await post(api, '/collections', {
      collection: COLLECTION,
      meta: {},
      schema: {},
      fields: [
        { field: 'id', type: 'integer', meta: { hidden: true }, schema: { is_primary_key: true, has_auto_increment: true } },
        { field: 'title', type: 'string', meta: {}, schema: {} },
      ],
    });

    // 1. Write cost of a filter flow and of an action flow.
    const spec = createSpec(api.token);
    const event = (type: 'filter' | 'action') => ({
      name: `${type} bench`,
      trigger: 'event',
      options: { type, scope: ['items.create'], collections: [COLLECTION] },
    });
    // Rounds of no flow / filter flow / no flow / action flow, and a last no-flow run: the machine's drift over
    // time falls on both sides of each flow's runs.
    const filterFlow = await oneOperationFlow(api, { ...event('filter'), status: 'inactive' }, TRANSFORM);
    const actionFlow = await oneOperationFlow(api, { ...event('action'), status: 'inactive' }, TRANSFORM);
    const none: LoadResult[] = [];
    const withFilter: LoadResult[] = [];
    const withAction: LoadResult[] = [];
    const runWith = async (flow: string, into: LoadResult[]) => {
      await patch(api, `/flows/${flow}`, { status: 'active' });
      into.push(await loadOk(port, spec));
      await patch(api, `/flows/${flow}`, { status: 'inactive' });
    };
    for (let round = 0; round < rounds; round++) {
      none.push(await loadOk(port, spec));
      await runWith(filterFlow, withFilter);
      none.push(await loadOk(port, spec));
      await runWith(actionFlow, withAction);
    }
    none.push(await loadOk(port, spec));
    const mean = (list: LoadResult[]) => list.reduce((sum, r) => sum + r.okRps, 0) / list.length;
    const list = (results: LoadResult[]) => results.map(rps).join('; ');
    const cost = (flow: LoadResult[]) => (1 - mean(flow) / mean(none)) * 100;
    out(`- POST /items, no flow (${none.length} runs): ${list(none)}; mean ${Math.round(mean(none))} req/s`);
    out(
      `- POST /items with a one-operation filter flow: ${list(withFilter)}; mean ${Math.round(mean(withFilter))} req/s: **cost ${cost(withFilter).toFixed(1)} %** (goal ≤ 15 %)`,
    );
    out(
      `- POST /items with a one-operation action flow: ${list(withAction)}; mean ${Math.round(mean(withAction))} req/s: **cost ${cost(withAction).toFixed(1)} %** (goal ≤ 15 %)`,
    );

    // 2. Webhook throughput, and 3. exec latency, on Stratum.
    const webhook = await oneOperationFlow(api, { name: 'Webhook bench', trigger: 'webhook', options: { method: 'GET' } }, TRANSFORM);
    const execHook = await oneOperationFlow(api, { name: 'Exec bench', trigger: 'webhook', options: { method: 'GET' } }, EXEC);
    const stratumHook = await loadOk(port, getSpec(`/flows/trigger/${webhook}`));
    out(`- Webhook flow (one transform), Stratum: ${rps(stratumHook)}`);
    const count = Number(values['exec-requests']);
    await latencies(port, `/flows/trigger/${execHook}`, 20);
    const plain = await latencies(port, `/flows/trigger/${webhook}`, count);
    const exec = await latencies(port, `/flows/trigger/${execHook}`, count);
    out(
      `- exec latency, Stratum (${count} sequential requests): transform flow p50 ${ms(pct(plain, 50))} / p99 ${ms(pct(plain, 99))} ms; ` +
        `exec flow p50 ${ms(pct(exec, 50))} / p99 ${ms(pct(exec, 99))} ms: **the script adds ${ms(pct(exec, 50) - pct(plain, 50))} ms at p50**`,
    );

    // The reference Directus, when one answers.
    if (!(await portAnswers(directusPort))) {
      out(`- Directus: nothing answers on 127.0.0.1:${directusPort}; start one to compare (see the header of bench/flows.ts)`);
    } else {
      const ref: Api = { port: directusPort, token: (await login(directusPort, ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken };
      const refHook = await oneOperationFlow(ref, { name: 'Webhook bench', trigger: 'webhook', options: { method: 'GET' } }, TRANSFORM);
      const refExec = await oneOperationFlow(ref, { name: 'Exec bench', trigger: 'webhook', options: { method: 'GET' } }, EXEC);
      const directusHook = await loadOk(directusPort, getSpec(`/flows/trigger/${refHook}`));
      out(`- Webhook flow (one transform), Directus 11.17.4: ${rps(directusHook)}`);
      out(`- **Webhook throughput: Stratum ${(stratumHook.okRps / directusHook.okRps).toFixed(1)}× Directus** (goal ≥ 10×)`);
      await latencies(directusPort, `/flows/trigger/${refExec}`, 20);
      const refPlain = await latencies(directusPort, `/flows/trigger/${refHook}`, count);
      const refScript = await latencies(directusPort, `/flows/trigger/${refExec}`, count);
      out(
        `- exec latency, Directus (isolated-vm): transform flow p50 ${ms(pct(refPlain, 50))} / p99 ${ms(pct(refPlain, 99))} ms; ` +
          `exec flow p50 ${ms(pct(refScript, 50))} / p99 ${ms(pct(refScript, 99))} ms: the script adds ${ms(pct(refScript, 50) - pct(refPlain, 50))} ms at p50`,
      );
      for (const id of [refHook, refExec]) await call(directusPort, `/flows/${id}`, { method: 'DELETE', token: ref.token });
    }
  } finally {
    await stratum.stop();
  }
  const loadAfter = os.loadavg();
  const avg = (l: number[]) => l.map((v) => v.toFixed(2)).join(' ');
  console.log(
    [
      `#### Flows (issue 29), SQLite: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
      '',
      `\`npm run bench:flows -- --duration ${durationS} --connections ${connections}\`; ${os.cpus().length} cores; load average ${avg(loadBefore)} before, ${avg(loadAfter)} after.`,
      '',
      ...lines,
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
