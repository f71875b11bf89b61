import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's minimum recommendation: m = 19 MiB, t = 2, p = 1. */
const OPTIONS = {
  algorithm: 2 /* Argon2id (a const enum in the typings) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

/** A hash of a random string, verified against when no account matches, so timing does not reveal it. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(`no-such-user-${Math.random()}`);
  return dummy;
}
