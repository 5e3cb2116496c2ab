import { createRequire } from 'node:module';
import type * as Argon2 from 'argon2';
import pLimit from 'p-limit';

const require = createRequire(import.meta.url);
let argon2: typeof Argon2 | null = null;

/**
 * At most this many argon2 operations run at once; each takes HASH_MEMORY_COST (64 MiB by default), so a burst of
 * logins cannot balloon memory.
 */
export const MAX_CONCURRENT_HASHES = 2;

/**
 * The slots of argon2 operations. Deliberately one per process, not per app (decision 0050): what it bounds is
 * the process's memory, which every app in the process shares. p-limit hands a freed slot to the next waiting
 * operation in the same step (the hand-written counter let one arriving at that moment run beside it).
 */
export const hashSlots = pLimit(MAX_CONCURRENT_HASHES);

function limited<T>(work: (lib: typeof Argon2) => Promise<T>): Promise<T> {
  return hashSlots(() => {
    // Loaded with the first hash: a server that nobody logs in to never maps the native module.
    argon2 ??= require('argon2') as typeof Argon2;
    return work(argon2);
  });
}

/** The argon2id parameters of a new hash: memory in KiB, passes, lanes (config `auth.passwordHash`, HASH_*). */
export type PasswordHashCost = { memoryCost: number; timeCost: number; parallelism: number };

/**
 * An argon2id hash of a password with the app's parameters (by default the library's, as Directus: 64 MiB, three
 * passes, four lanes). The hash records them, so verifying needs no parameters.
 */
export function hashPassword(password: string, cost: PasswordHashCost): Promise<string> {
  return limited((lib) =>
    lib.hash(password, { type: lib.argon2id, memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: cost.parallelism }),
  );
}

/** Whether a password matches a stored argon2 hash; a malformed hash is simply no match. */
export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return limited((lib) => lib.verify(hash, password).catch(() => false));
}
