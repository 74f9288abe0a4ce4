import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum profile (19 MiB, 2 passes, 1 lane). The parameters live in
 * the hash itself, so raising them later still verifies old hashes.
 */
const options = {
  // Algorithm.Argon2id: the package exports a const enum, which isolated modules cannot read.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash verifies nothing; it must not become a 500 that reveals it.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * A real argon2id hash of a random password, made once per process: an unknown username is
 * verified against it so that sign-in takes the same time whether or not the member exists.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  return dummyHash;
}
