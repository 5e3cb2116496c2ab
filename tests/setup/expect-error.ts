import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

type ErrorBody = { errors: { message: string; extensions: Record<string, unknown> & { code: string } }[] };

/**
 * Asserts a Directus error envelope with the status and code, no stack or SQL in it, and returns the first
 * error for further checks.
 */
export function expectError(response: LightMyRequestResponse, status: number, code: string) {
  expect({ status: response.statusCode, body: response.body }).toMatchObject({ status });
  const body = response.json() as ErrorBody;
  expect(Array.isArray(body.errors)).toBe(true);
  expect(body.errors[0]?.extensions.code).toBe(code);
  expectNoLeak(response);
  return body.errors[0]!;
}

/** No stack trace, SQL text or driver message in a response body. */
export function expectNoLeak(response: LightMyRequestResponse): void {
  const text = response.body;
  expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/);
  expect(text).not.toMatch(/\bstack\b/i);
  expect(text).not.toMatch(/\b(select|insert into|update .+ set|delete from)\b/i);
  expect(text).not.toMatch(/\bSQLITE_[A-Z]|\bER_[A-Z_]+\b/);
  expect(text).not.toMatch(/syntax error at or near|\bknex\b/i);
}

export function dataOf<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return (response.json() as { data: T }).data;
}
