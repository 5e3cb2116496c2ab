import { createHmac } from 'node:crypto';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Decode(text: string): Buffer {
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/**
 * The six-digit TOTP code (RFC 6238: HMAC-SHA1, 30-second steps, RFC 4226 truncation) of a base32 secret at
 * `at`, written here from the RFCs so the tests do not check the server with its own library.
 */
export function totpCode(secret: string, at: Date): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at.getTime() / 1000 / 30)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, '0');
}

/**
 * ACCESS_TOKEN_TTL for an app on a TOTP clock: the app checks access tokens against its own clock, which
 * `nextCode` moves a minute per code, so the default fifteen minutes would expire the test's tokens midway.
 */
export const TOTP_CLOCK_TOKEN_TTL = '1d';

/**
 * A server clock for two-factor tests (pass `now` to createTestApp, with ACCESS_TOKEN_TTL TOTP_CLOCK_TOKEN_TTL):
 * it runs ahead of the real one by what `advance` added, and `nextCode` moves it a minute on before taking a
 * code, because each code works once.
 */
export function createTotpClock() {
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  const advance = (ms: number) => {
    offset += ms;
  };
  const nextCode = (secret: string) => {
    advance(60_000);
    return totpCode(secret, now());
  };
  return { now, advance, nextCode };
}
