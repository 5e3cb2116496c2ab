import { createHash } from 'node:crypto';
import { invalidCredentials } from '../../../kernel/errors/index.js';

/** What the browser carries between the start of a sign-in and its callback (encrypted and signed). */
export type SsoFlow = {
  provider: string;
  state: string;
  codeVerifier: string;
  nonce: string | null;
  /** The checked absolute redirect, or null to answer the tokens. */
  redirect: string | null;
  /** How the session is delivered: `json` (body), `cookie` (refresh cookie) or `session` (session cookie). */
  mode: 'json' | 'cookie' | 'session';
  /** The one-time password given at the start, for a user with two-factor on (as Directus's `?otp=`). */
  otp?: string | null;
};

const MODES = new Set(['json', 'cookie', 'session']);

/** Lifetime of a sign-in flow (Directus: 5 minutes). */
export const FLOW_TTL_SECONDS = 300;
const AUDIENCE = 'stratum:sso-flow';

/** A key for the flow only (derived from SECRET), so no other token of the server fits. */
function flowKey(secret: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(`sso-flow\0${secret}`).digest());
}

/** The flow as a compact JWE (dir, A256GCM): the browser can neither read nor change it. Expires after 5 minutes. */
export async function sealFlow(secret: string, flow: SsoFlow, now: Date): Promise<string> {
  const { EncryptJWT } = await import('jose');
  const iat = Math.floor(now.getTime() / 1000);
  return new EncryptJWT({
    p: flow.provider,
    s: flow.state,
    v: flow.codeVerifier,
    n: flow.nonce,
    r: flow.redirect,
    m: flow.mode,
    o: flow.otp ?? null,
  })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + FLOW_TTL_SECONDS)
    .setAudience(`${AUDIENCE}:${flow.provider}`)
    .encrypt(flowKey(secret));
}

/** Opens a flow cookie of `provider`; anything missing, altered, expired or of another provider is 401 INVALID_CREDENTIALS. */
export async function openFlow(secret: string, provider: string, value: string | undefined, now: Date): Promise<SsoFlow> {
  if (!value || value.length > 4096) throw invalidCredentials();
  const { jwtDecrypt } = await import('jose');
  try {
    const { payload } = await jwtDecrypt(value, flowKey(secret), {
      audience: `${AUDIENCE}:${provider}`,
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
      currentDate: now,
    });
    const { p, s, v, n, r, m, o } = payload as Record<string, unknown>;
    if (p !== provider || typeof s !== 'string' || typeof v !== 'string' || typeof m !== 'string' || !MODES.has(m))
      throw invalidCredentials();
    return {
      provider,
      state: s,
      codeVerifier: v,
      nonce: typeof n === 'string' ? n : null,
      redirect: typeof r === 'string' ? r : null,
      mode: m as SsoFlow['mode'],
      otp: typeof o === 'string' ? o : null,
    };
  } catch {
    throw invalidCredentials();
  }
}
