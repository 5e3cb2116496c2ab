import type { StratumProcess } from './browser-harness.js';

/** A row (or any object) of the API's answers, as the browser tests read them. */
export type Row = Record<string, unknown>;

/**
 * As admin through the API: the answer's data (`{}` when it has none, as a 204 does), or the test fails with
 * the answer (any status but 200 and 204).
 */
export async function adminData(stratum: StratumProcess, method: string, path: string, body?: unknown): Promise<Row> {
  const response = await stratum.call(method, path, { token: await stratum.adminToken(), body });
  if (response.status !== 200 && response.status !== 204)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(response.json)}`);
  return ((response.json as { data?: Row } | null)?.data ?? {}) as Row;
}

/** Uploads a file through the API as admin (multipart), answering its row. */
export async function uploadAsAdmin(stratum: StratumProcess, name: string, type: string, content: Buffer): Promise<Row> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type }), name);
  const response = await fetch(`${stratum.url}/files`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${await stratum.adminToken()}` },
  });
  if (response.status !== 200) throw new Error(`upload ${name}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: Row }).data;
}
