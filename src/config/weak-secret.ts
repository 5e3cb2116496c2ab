/** Bytes a SECRET needs: an HS256 key shorter than the hash output can be guessed offline from one token. */
export const MIN_SECRET_BYTES = 32;

/** Why a given SECRET is too short to start with (outside development), or null; an empty one is generated. */
export function weakSecret(secret: string, nodeEnv: unknown): string | null {
  const bytes = Buffer.byteLength(secret, 'utf8');
  if (secret === '' || bytes >= MIN_SECRET_BYTES || nodeEnv === 'development') return null;
  return `SECRET must be at least ${MIN_SECRET_BYTES} bytes (it has ${bytes}): generate one with \`openssl rand -base64 48\` (a shorter one is accepted only with NODE_ENV=development)`;
}
