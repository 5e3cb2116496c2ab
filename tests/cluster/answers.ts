import type { Instance, Json } from './instances.js';

export type Answer = { status: number; json: Json };

/** The answer, when its status is `status`; otherwise throws with the body, so a failure says what came back. */
export function expectStatus(answer: Answer, status: number): Answer {
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${JSON.stringify(answer.json)}`);
  return answer;
}

/** The error code of an error answer (`errors[0].extensions.code`). */
export function errorCode(answer: Answer): string | undefined {
  return answer.json?.errors?.[0]?.extensions?.code;
}

/** Logs in on `instance` (200 expected) and returns the tokens. */
export async function login(
  instance: Instance,
  email: string,
  password: string,
  headers?: Record<string, string>,
): Promise<{ access_token: string; refresh_token: string }> {
  return expectStatus(await instance.call('POST', '/auth/login', { body: { email, password }, headers }), 200).json.data;
}
