/** Password hashing: argon2id (m=19 MiB, t=2, p=1, OWASP baseline), via @node-rs/argon2. */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(plain: string): Promise<string> {
  return hash(plain.normalize('NFC'), OPTIONS);
}

export async function verifyPassword(storedHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(storedHash, plain.normalize('NFC'));
  } catch {
    return false;
  }
}

/** A hash of a random value, verified against when a user name is unknown so timing matches a real user. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword('dummy-password-for-timing-equalisation');
  return dummy;
}
