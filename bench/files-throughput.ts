/**
 * `npm run bench:files`: uploads and `/assets` on Stratum and on the reference Directus 11, side by side in one
 * run, on this machine (issue 16). Both servers start fresh on SQLite with local storage, get the same image,
 * and answer the same load one after the other (127.0.0.1; autocannon for uploads, wrk for downloads, whose
 * large answers autocannon's parser cannot keep up with):
 *
 * - upload: `POST /files` of a 100 KB JPEG as multipart/form-data (every request stores a file and a row);
 * - original: `GET /assets/:id` of a 1600×1200 JPEG (about 300 KB);
 * - transformed: `GET /assets/:id?width=320&format=webp` (cached by both after the first request);
 * - first transformation: one request each for 10 widths nobody asked for before (latency, not throughput).
 *
 * Writes bench/RESULTS-files.md. Options: --duration <s> (default 10), --connections <n> (default 8).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { freePort } from '../tests/support/own-redis-server.js';
import { baseUrl, login } from './lib/api-client.js';
import { cleanupAll, installCleanupHandlers } from './lib/cleanup.js';
import { runLoad, type LoadResult } from './lib/load.js';
import { memoryOf } from './lib/process-metrics.js';
import { hasWrk, runWrk } from './lib/wrk.js';
import { ReferenceDirectus } from './lib/reference-directus.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildStratum, StratumServer } from './lib/stratum-server.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workDir = path.join(repoRoot, 'bench/.work/files');
const log = (message: string) => console.error(`[bench:files] ${message}`);
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
};
const durationS = arg('duration', 10);
const connections = arg('connections', 8);

type Target = { name: string; port: number; pid: () => number; token: string };
type Row = { case: string; stratum: LoadResult | number; directus: LoadResult | number };

/** A multipart body with one file, as the SDK's uploadFiles sends it. */
async function multipartBody(content: Buffer, filename: string, type: string): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  form.append('file', new Blob([content], { type }), filename);
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

async function uploadOnce(target: Target, file: { body: Buffer; contentType: string }): Promise<string> {
  const response = await fetch(`${baseUrl(target.port)}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${target.token}`, 'content-type': file.contentType },
    body: new Uint8Array(file.body),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${target.name}: upload answered ${response.status} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: { id: string } }).data.id;
}

async function firstTransformMs(target: Target, id: string): Promise<number> {
  const times: number[] = [];
  for (let width = 101; width <= 110; width++) {
    const started = performance.now();
    const response = await fetch(`${baseUrl(target.port)}/assets/${id}?width=${width}&format=webp`, {
      headers: { authorization: `Bearer ${target.token}` },
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${target.name}: transformation answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function measure(target: Target, small: { body: Buffer; contentType: string }, photo: { body: Buffer; contentType: string }) {
  const id = await uploadOnce(target, photo);
  const auth = { authorization: `Bearer ${target.token}` };
  // Warm the cached transformation once, as a page full of thumbnails would.
  await fetch(`${baseUrl(target.port)}/assets/${id}?width=320&format=webp`, { headers: auth }).then((r) => r.arrayBuffer());
  const load = (spec: Parameters<typeof runLoad>[1]) => runLoad(target.port, spec, { connections, durationS });
  log(`${target.name}: upload`);
  const upload = await load({ method: 'POST', path: '/files', headers: { ...auth, 'content-type': small.contentType }, body: small.body });
  // Downloads with wrk: autocannon's parser, not the server, limits large answers.
  const get = (assetPath: string) => runWrk(target.port, assetPath, auth, { connections, durationS });
  log(`${target.name}: original`);
  const original = get(`/assets/${id}`);
  log(`${target.name}: transformed (cached)`);
  const transformed = get(`/assets/${id}?width=320&format=webp`);
  log(`${target.name}: first transformations`);
  const first = await firstTransformMs(target, id);
  const rss = memoryOf(target.pid()).rssMb;
  return { upload, original, transformed, first, rss };
}

function cell(value: LoadResult | number): string {
  return typeof value === 'number'
    ? `${value.toFixed(1)}`
    : `${value.okRps.toFixed(0)} req/s (p99 ${value.p99} ms${value.non2xx + value.errors > 0 ? `, ${value.non2xx + value.errors} failed` : ''})`;
}
function ratio(row: Row): string {
  if (typeof row.stratum === 'number' && typeof row.directus === 'number') return `${(row.directus / row.stratum).toFixed(1)}× faster`;
  const s = (row.stratum as LoadResult).okRps;
  const d = (row.directus as LoadResult).okRps;
  return d > 0 ? `${(s / d).toFixed(1)}×` : 'n/a';
}

async function main(): Promise<void> {
  installCleanupHandlers(30 * 60_000);
  if (!hasWrk()) throw new Error('bench:files needs wrk for the downloads: apt-get install wrk');
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  buildStratum(repoRoot);
  const photoBytes = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 12 } },
  })
    .blur(1.2)
    .jpeg({ quality: 80 })
    .toBuffer();
  const smallBytes = await sharp({
    create: { width: 400, height: 300, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  const photo = await multipartBody(photoBytes, 'photo.jpg', 'image/jpeg');
  const small = await multipartBody(smallBytes, 'small.jpg', 'image/jpeg');
  log(
    `photo ${(photoBytes.length / 1024).toFixed(0)} KB, upload ${(smallBytes.length / 1024).toFixed(0)} KB, ${connections} connections, ${durationS} s per case`,
  );

  const stratumPort = await freePort();
  const stratum = new StratumServer({
    repoRoot,
    workDir: path.join(workDir, 'stratum'),
    port: stratumPort,
    db: { client: 'sqlite', filename: path.join(workDir, 'stratum/data.db') },
    logName: 'stratum',
  });
  await stratum.start();
  const stratumTarget: Target = {
    name: 'Stratum',
    port: stratumPort,
    pid: () => stratum.pid,
    token: (await login(stratumPort, ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken,
  };
  const s = await measure(stratumTarget, small, photo);
  await stratum.stop();

  const directusPort = await freePort();
  const directus = new ReferenceDirectus({ repoRoot, workDir, port: directusPort, db: 'sqlite' });
  await directus.start();
  const directusTarget: Target = {
    name: 'Directus',
    port: directusPort,
    pid: () => directus.pid,
    token: (await login(directusPort, ADMIN_EMAIL, ADMIN_PASSWORD)).accessToken,
  };
  const d = await measure(directusTarget, small, photo);
  await directus.stop();

  const rows: Row[] = [
    { case: `POST /files (multipart, ${(smallBytes.length / 1024).toFixed(0)} KB JPEG)`, stratum: s.upload, directus: d.upload },
    { case: `GET /assets/:id (${(photoBytes.length / 1024).toFixed(0)} KB JPEG)`, stratum: s.original, directus: d.original },
    { case: 'GET /assets/:id?width=320&format=webp (cached)', stratum: s.transformed, directus: d.transformed },
  ];
  const lines = [
    '# Files and assets: Stratum and Directus 11 side by side',
    '',
    `Command: \`npm run bench:files -- --duration ${durationS} --connections ${connections}\` (${new Date().toISOString().slice(0, 10)}; both on SQLite with local storage, one after the other on this 2-core machine; ${connections} connections, ${durationS} s per case, autocannon for the upload and wrk for downloads; throughput counts 2xx answers only).`,
    '',
    '| Case | Stratum | Directus | Stratum ÷ Directus |',
    '|---|---|---|---|',
    ...rows.map((row) => `| ${row.case} | ${cell(row.stratum)} | ${cell(row.directus)} | ${ratio(row)} |`),
    `| First transformation to 1xx px WebP (median of 10, ms) | ${s.first.toFixed(0)} ms | ${d.first.toFixed(0)} ms | ${(d.first / s.first).toFixed(1)}× faster |`,
    `| RSS after the load | ${s.rss.toFixed(0)} MB | ${d.rss.toFixed(0)} MB | ${(d.rss / s.rss).toFixed(1)}× less |`,
    '',
  ];
  writeFileSync(path.join(repoRoot, 'bench/RESULTS-files.md'), lines.join('\n'));
  console.log(lines.join('\n'));
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => cleanupAll());
