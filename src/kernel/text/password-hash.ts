import { createRequire } from 'node:module';
import type * as Argon2 from 'argon2';

const require = createRequire(import.meta.url);
let argon2: typeof Argon2 | null = null;

/** At most this many argon2 operations run at once; each takes 64 MiB, so a burst of logins cannot balloon memory. */
export const MAX_CONCURRENT_HASHES = 2;

let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: (lib: typeof Argon2) => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    // Loaded with the first hash: a server that nobody logs in to never maps the native module.
    argon2 ??= require('argon2') as typeof Argon2;
    return await work(argon2);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** An argon2id hash of a password (the library's defaults, as Directus). */
export function hashPassword(password: string): Promise<string> {
  return limited((lib) => lib.hash(password));
}

/** Whether a password matches a stored argon2 hash; a malformed hash is simply no match. */
export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return limited((lib) => lib.verify(hash, password).catch(() => false));
}
