/** One part of a multipart body built for a test: a text field, or a file with its name and declared type. */
export type Part = { name: string; value: string } | { name: string; filename: string; type?: string; content: Buffer | string };

/**
 * A multipart/form-data body and its content type, serialised by the platform's own FormData (as a browser
 * or the Directus SDK would send it), for `app.server.inject`.
 */
export async function multipart(parts: Part[]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const part of parts) {
    if ('value' in part) form.append(part.name, part.value);
    else form.append(part.name, new Blob([part.content], { type: part.type ?? 'application/octet-stream' }), part.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
