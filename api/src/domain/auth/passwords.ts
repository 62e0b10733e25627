// Passwords are hashed with argon2id at OWASP's minimum parameters (19 MiB, 2 passes).
import { hash, verify } from '@node-rs/argon2';

const options = {
  algorithm: 2 /* Algorithm.Argon2id, a const enum */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password, options);
}
