/**
 * `npm run bench:realtime`: the realtime measurements of issue 28, Stratum on SQLite (see docs/benchmarks.md).
 *
 * 1. Memory per socket: Stratum's RSS before and after opening N sockets, each authenticated (the `auth` handshake
 *    with an access token) and subscribed to a collection; KB per socket, for each N of --sockets.
 * 2. Fan-out: --fanout subscribers on the collection; one REST POST at a time, --writes times; the time from just
 *    before sending the POST until each subscriber has its `create` message (p50 / p99 / max over every delivery).
 *    First with every subscriber the admin, then split across 10 users whose read permission has a row filter
 *    (`topic = k`): a write then reaches the 1/10 of the sockets whose user may read it; any other delivery is counted.
 * 3. Write cost: POST /items/… requests/s under autocannon with --write-subscribers subscribers attached vs none.
 *
 * The sockets live in this process, beside the load generator. Stratum first, then the reference Directus 11.17.4
 * (its own instance on --port + 1, WEBSOCKETS_ENABLED=true, SQLite) with the same three measurements; the output
 * ends with a table of both and the ratios (issue 28's goal: ≥ 10× on fan-out and memory).
 *
 *   npm run bench:realtime -- [--sockets 1000,10000] [--fanout 1000] [--writes 20] [--write-subscribers 100]
 *                             [--duration 10] [--port 8185] [--no-bundle] [--no-directus] [--only memory,fanout,write]
 *                             [--cpu-prof <dir>]
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { callOk, isRecord, login, sleep } from './lib/api-client.js';

import { runLoad } from './lib/load.js';
import { memoryOf } from './lib/process-metrics.js';
import { prepareRun } from './lib/prepare-run.js';
import { ReferenceDirectus } from './lib/reference-directus.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, StratumServer } from './lib/stratum-server.js';
import { runMain } from './lib/run-main.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workDir = path.join(repoRoot, 'bench/.work/realtime');
const log = (message: string) => console.error(`[bench:realtime] ${message}`);

const { values } = parseArgs({
  options: {
    sockets: { type: 'string', default: '1000,10000' },
    fanout: { type: 'string', default: '1000' },
    writes: { type: 'string', default: '20' },
    'write-subscribers': { type: 'string', default: '100' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '4' },
    port: { type: 'string', default: '8185' },
    'no-bundle': { type: 'boolean', default: false },
    /** Measure Stratum only (the reference Directus not started). */
    'no-directus': { type: 'boolean', default: false },
    /** Comma-separated phases to run: memory, fanout, write (default all). */
    only: { type: 'string', default: 'memory,fanout,write' },
    /** Directory for Stratum's --cpu-prof output (a .cpuprofile when it stops). */
    'cpu-prof': { type: 'string' },
  },
});
const phases = new Set(values.only.split(','));
/** The server under measurement's port (Stratum's, then Directus's: --port + 1). */
let port = Number(values.port);
let directusNode = '';
const COLLECTION = 'rt_messages';
const USERS = 10;

type Subscriber = { socket: WebSocket; onCreate: (data: unknown) => void; unexpected: number };

/** Opens a socket, authenticates it and subscribes it to the collection; resolves after the `init`. */
function subscriber(token: string): Promise<Subscriber> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/websocket`);
    const s: Subscriber = { socket, onCreate: () => (s.unexpected += 1), unexpected: 0 };
    const timer = setTimeout(() => reject(new Error('no init within 180 s')), 180_000);
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', access_token: token })));
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
      else if (message.type === 'auth') {
        if (message.status !== 'ok') reject(new Error(`auth refused: ${JSON.stringify(message)}`));
        else
          socket.send(
            JSON.stringify({ type: 'subscribe', collection: COLLECTION, event: 'create', query: { fields: ['id', 'title', 'topic'] } }),
          );
      } else if (message.type === 'subscription' && message.event === 'init') {
        clearTimeout(timer);
        resolve(s);
      } else if (message.type === 'subscription' && message.event === 'create') s.onCreate(message.data);
      else reject(new Error(`unexpected message: ${JSON.stringify(message)}`));
    });
  });
}

/** Opens `tokens.length` subscribers, `concurrency` handshakes at a time. */
async function openSubscribers(tokens: string[], concurrency = 100): Promise<Subscriber[]> {
  const out: Subscriber[] = [];
  for (let i = 0; i < tokens.length; i += concurrency) out.push(...(await Promise.all(tokens.slice(i, i + concurrency).map(subscriber))));
  return out;
}

async function closeAll(subscribers: Subscriber[]): Promise<void> {
  await Promise.all(
    subscribers.map(
      (s) =>
        new Promise<void>((resolve) => {
          if (s.socket.readyState === WebSocket.CLOSED) return resolve();
          s.socket.once('close', () => resolve());
          s.socket.close();
        }),
    ),
  );
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const ms = (v: number) => v.toFixed(1);

/** `writes` POSTs one after the other; each waits until every subscriber that may read the row has it. */
async function fanOut(
  token: string,
  subscribers: Subscriber[],
  writes: number,
  receivers: (topic: number) => Subscriber[],
): Promise<{ deliveries: number[]; lastPerWrite: number[]; answers: number[] }> {
  const deliveries: number[] = [];
  const lastPerWrite: number[] = [];
  const answers: number[] = [];
  for (let w = 0; w < writes; w++) {
    const topic = w % USERS;
    const title = `fan-out ${w} ${Date.now()}`;
    const expected = new Set(receivers(topic));
    let start = 0;
    const times: number[] = [];
    const all = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`write ${w}: ${times.length}/${expected.size} deliveries within 60 s`)), 60_000);
      for (const s of subscribers) {
        s.onCreate = (data) => {
          const row = Array.isArray(data) && isRecord(data[0]) ? data[0] : undefined;
          if (!expected.has(s) || row?.title !== title) return void (s.unexpected += 1);
          times.push(performance.now() - start);
          if (times.length === expected.size) {
            clearTimeout(timer);
            resolve();
          }
        };
      }
    });
    start = performance.now();
    await callOk(port, `/items/${COLLECTION}`, { method: 'POST', token, body: { title, topic } });
    answers.push(performance.now() - start);
    await all;
    deliveries.push(...times);
    lastPerWrite.push(Math.max(...times));
  }
  for (const s of subscribers) s.onCreate = () => (s.unexpected += 1);
  return { deliveries, lastPerWrite, answers };
}

function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${ms(percentile(sorted, 50))} / p99 ${ms(percentile(sorted, 99))} / max ${ms(sorted[sorted.length - 1]!)} ms`;
}

/** What one server measured, for the comparison. */
type Figures = {
  memoryKb: Map<number, number>;
  /** The time until the last subscriber of each write had it (ms). */
  plain?: number[];
  filtered?: number[];
  write?: { none: number; with: number };
};

/** Fan-out: all the admin, then 10 row-filtered users; a failure (say, a server too slow) is reported, not thrown. */
async function fanOutPhases(
  admin: string,
  post: (p: string, body: unknown) => Promise<unknown>,
  figures: Figures,
  out: (line: string) => void,
): Promise<void> {
  const fanoutN = Number(values.fanout);
  const writes = Number(values.writes);
  try {
    {
      const subscribers = await openSubscribers(Array.from({ length: fanoutN }, () => admin));
      const r = await fanOut(admin, subscribers, writes, () => subscribers);
      figures.plain = r.lastPerWrite;
      out(
        `- ${fanoutN.toLocaleString('en')} subscribers (all the admin), ${writes} writes: POST sent → each \`create\` received: ${summary(r.deliveries)}; ` +
          `→ the last subscriber of each write: ${summary(r.lastPerWrite)}; POST answered: ${summary(r.answers)}`,
      );
      await closeAll(subscribers);
    }
    {
      const tokens: string[] = [];
      for (let k = 0; k < USERS; k++) {
        const role = (await post('/roles', { name: `rt bench ${k}` })) as { id: string };
        const policy = (await post('/policies', { name: `rt bench ${k}`, app_access: false, admin_access: false })) as { id: string };
        await post('/access', { role: role.id, policy: policy.id });
        await post('/permissions', {
          policy: policy.id,
          collection: COLLECTION,
          action: 'read',
          fields: ['*'],
          permissions: { topic: { _eq: k } },
        });
        const email = `rt-bench-${k}@example.com`;
        await post('/users', { email, password: 'UserPass123!', role: role.id, status: 'active' });
        tokens.push((await login(port, email, 'UserPass123!')).accessToken);
      }
      const per = Math.floor(fanoutN / USERS);
      const byUser: Subscriber[][] = [];
      for (const token of tokens) byUser.push(await openSubscribers(Array.from({ length: per }, () => token)));
      const all = byUser.flat();
      const r = await fanOut(admin, all, writes, (topic) => byUser[topic]!);
      figures.filtered = r.lastPerWrite;
      const leaked = all.reduce((sum, s) => sum + s.unexpected, 0);
      out(
        `- ${all.length.toLocaleString('en')} subscribers across ${USERS} users, each user's read filtered to \`topic = k\` (a write reaches ${per}), ${writes} writes: ` +
          `each \`create\` received: ${summary(r.deliveries)}; the last subscriber of each write: ${summary(r.lastPerWrite)}; POST answered: ${summary(r.answers)}; ` +
          `deliveries to sockets that may not read the row: ${leaked}`,
      );
      await closeAll(all);
    }
  } catch (error) {
    out(`- fan-out: failed (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** The three measurements against the server on `port` (Stratum or Directus: the same API and realtime protocol). */
async function measure(pid: () => number, out: (line: string) => void): Promise<Figures> {
  const figures: Figures = { memoryKb: new Map() };
  const admin = (await login(port, ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken;
  const post = (p: string, body: unknown) => callOk(port, p, { method: 'POST', token: admin, body });
  await post('/collections', {
    collection: COLLECTION,
    meta: {},
    schema: {},
    fields: [
      {
        field: 'id',
        type: 'integer',
        meta: { hidden: true, readonly: true },
        schema: { is_primary_key: true, has_auto_increment: true },
      },
      { field: 'title', type: 'string', meta: {}, schema: {} },
      { field: 'topic', type: 'integer', meta: {}, schema: {} },
    ],
  });

  // 1. Memory per authenticated, subscribed socket.
  for (const n of phases.has('memory') ? values.sockets.split(',').map(Number) : []) {
    await sleep(2000);
    const before = memoryOf(pid()).rssMb;
    let subscribers: Subscriber[];
    try {
      subscribers = await openSubscribers(Array.from({ length: n }, () => admin));
    } catch (error) {
      out(`- ${n.toLocaleString('en')} sockets: could not open them all (${error instanceof Error ? error.message : String(error)})`);
      continue;
    }
    await sleep(2000);
    const after = memoryOf(pid()).rssMb;
    figures.memoryKb.set(n, ((after - before) * 1024) / n);
    out(
      `- ${n.toLocaleString('en')} sockets (authenticated, subscribed): RSS ${before.toFixed(1)} → ${after.toFixed(1)} MB; ` +
        `**${(((after - before) * 1024) / n).toFixed(1)} KB per socket**`,
    );
    await closeAll(subscribers);
    // The server has n sockets to close: let it finish before the next measurement.
    await sleep(Math.min(20_000, 2 * n));
  }

  // 2. Fan-out.
  if (phases.has('fanout')) await fanOutPhases(admin, post, figures, out);
  if (phases.has('write')) {
    // 3. Write cost.
    const durationS = Number(values.duration);
    const connections = Number(values.connections);
    const spec = {
      method: 'POST' as const,
      path: `/items/${COLLECTION}`,
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'load', topic: 0 }),
    };
    await runLoad(port, spec, { connections, durationS: 2 });
    const none = await runLoad(port, spec, { connections, durationS });
    const n = Number(values['write-subscribers']);
    const subscribers = await openSubscribers(Array.from({ length: n }, () => admin));
    let received = 0;
    let rows = 0;
    for (const s of subscribers)
      s.onCreate = (data) => {
        received += 1;
        rows += Array.isArray(data) ? data.length : 0;
      };
    await runLoad(port, spec, { connections, durationS: 2 });
    received = 0;
    rows = 0;
    const withSubs = await runLoad(port, spec, { connections, durationS });
    await closeAll(subscribers);
    const noneAgain = await runLoad(port, spec, { connections, durationS });
    const noneRps = (none.okRps + noneAgain.okRps) / 2;
    figures.write = { none: noneRps, with: withSubs.okRps };
    out(
      `- POST /items/${COLLECTION} (autocannon, ${connections} connections, ${durationS} s each; none, then ${n} subscribers, then none again): ` +
        `no subscriber ${none.okRps.toFixed(1)} and ${noneAgain.okRps.toFixed(1)} req/s (p50 ${none.p50} / ${noneAgain.p50} ms); ` +
        `${n} subscribers ${withSubs.okRps.toFixed(1)} req/s (p50 ${withSubs.p50} ms; ${received.toLocaleString('en')} \`create\` messages received, holding ${rows.toLocaleString('en')} rows); ` +
        `**ratio ${(withSubs.okRps / noneRps).toFixed(2)}** (to the mean of the two runs without); non-2xx ${none.non2xx + withSubs.non2xx + noneAgain.non2xx}`,
    );
  }
  out(`- RSS at the end: ${memoryOf(pid()).rssMb.toFixed(1)} MB`);
  return figures;
}

/** The comparison table: Directus's figure over Stratum's for memory and fan-out (goal ≥ 10×), and each write ratio. */
function compare(results: { name: string; figures: Figures }[]): string[] {
  const stratum = results.find((r) => r.name === 'Stratum')?.figures;
  const directus = results.find((r) => r.name === 'Directus')?.figures;
  if (!stratum) return [];
  const p = (values: number[] | undefined, q: number) =>
    values
      ? percentile(
          [...values].sort((a, b) => a - b),
          q,
        )
      : NaN;
  const cell = (v: number, unit: string) => (Number.isFinite(v) ? `${v.toFixed(1)} ${unit}` : '—');
  const ratio = (d: number, s: number) => (Number.isFinite(d) && Number.isFinite(s) && s > 0 ? `**${(d / s).toFixed(1)}×**` : '—');
  const rows: [string, number, number, string][] = [];
  for (const [n, kb] of stratum.memoryKb)
    rows.push([`memory per socket, ${n.toLocaleString('en')} sockets`, kb, directus?.memoryKb.get(n) ?? NaN, 'KB']);
  for (const [label, key] of [
    [`fan-out to ${Number(values.fanout).toLocaleString('en')} subscribers, the last one's time`, 'plain'],
    [`the same with per-user row filters`, 'filtered'],
  ] as const) {
    rows.push([`${label}, p50`, p(stratum[key], 50), p(directus?.[key], 50), 'ms']);
    rows.push([`${label}, p99`, p(stratum[key], 99), p(directus?.[key], 99), 'ms']);
  }
  const lines = ['| | Stratum | Directus | Directus / Stratum |', '|---|--:|--:|--:|'];
  for (const [label, s, d, unit] of rows) lines.push(`| ${label} | ${cell(s, unit)} | ${cell(d, unit)} | ${ratio(d, s)} |`);
  const w = (f: Figures | undefined) =>
    f?.write ? `${(f.write.with / f.write.none).toFixed(2)} (${f.write.with.toFixed(0)} / ${f.write.none.toFixed(0)} req/s)` : '—';
  lines.push(`| writes/s with ${values['write-subscribers']} subscribers / without | ${w(stratum)} | ${w(directus)} | |`);
  return lines;
}

async function main(): Promise<void> {
  const { lines, out } = await prepareRun({ repoRoot, workDir, port, bundle: !values['no-bundle'], log });
  const uptimeStart = spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();

  const stratum = new StratumServer({
    repoRoot,
    workDir,
    port,
    db: { client: 'sqlite', filename: path.join(workDir, 'stratum.db') },
    logName: 'stratum',
    env: { ACCESS_TOKEN_TTL: '2h' },
    ...(values['cpu-prof'] ? { cpuProfDir: path.resolve(values['cpu-prof']) } : {}),
  });
  log('starting Stratum (SQLite) ...');
  await stratum.start();
  const results: { name: string; figures: Figures }[] = [];
  try {
    out('Stratum (SQLite):');
    results.push({ name: 'Stratum', figures: await measure(() => stratum.pid, out) });
  } finally {
    await stratum.stop();
  }
  if (!values['no-directus']) {
    const directus = new ReferenceDirectus({
      repoRoot,
      workDir,
      port: port + 1,
      db: 'sqlite',
      env: { WEBSOCKETS_ENABLED: 'true', WEBSOCKETS_REST_ENABLED: 'true', WEBSOCKETS_GRAPHQL_ENABLED: 'true', ACCESS_TOKEN_TTL: '2h' },
    });
    log('starting the reference Directus (SQLite, WEBSOCKETS_ENABLED=true) ...');
    await directus.start();
    directusNode = directus.nodeVersion();
    const stratumPort = port;
    port = port + 1;
    try {
      out(`Directus 11.17.4 (SQLite, WEBSOCKETS_ENABLED=true):`);
      results.push({ name: 'Directus', figures: await measure(() => directus.pid, out) });
    } finally {
      port = stratumPort;
      await directus.stop();
    }
  }
  const comparison = compare(results);
  const uptimeEnd = spawnSync('uptime', { encoding: 'utf8' }).stdout.trim();
  console.log(
    [
      `#### Realtime (issue 28), SQLite: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}`,
      '',
      `Command: \`npm run bench:realtime -- ${process.argv.slice(2).join(' ')}\``.replace(' -- `', '`'),
      '',
      `Machine: ${os.availableParallelism()} CPUs, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB, Node ${process.version}; uptime at start: ${uptimeStart}; at the end: ${uptimeEnd}`,
      '',
      'The sockets are `ws` clients in the bench process, beside the load generator (autocannon); each server is a child process, ' +
        `measured one after the other (Directus ${directusNode ? `on Node ${directusNode}` : 'not measured'}).`,
      '',
      ...lines,
      '',
      ...comparison,
      '',
    ].join('\n'),
  );
}

runMain('bench:realtime', main);
