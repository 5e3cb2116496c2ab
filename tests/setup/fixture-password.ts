import argon2 from 'argon2';

const hashes = new Map<string, Promise<string>>();

/**
 * An argon2id hash of a fixture password (the bootstrapped administrator's, userWith's users'), with the cheapest
 * parameters (4 MiB, one pass) instead of the library's defaults (64 MiB, three passes), stored straight into a
 * test database. Logging in with it runs the real login and the real argon2 verify, which reads the parameters from
 * the hash, in milliseconds instead of a second on a loaded machine (decision 0052). A password set through the
 * API is hashed by the server with the test config's HASH_* parameters, as cheap (decision 0059).
 */
export function fixturePasswordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = argon2.hash(password, { type: argon2.argon2id, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    hashes.set(password, hash);
  }
  return hash;
}
