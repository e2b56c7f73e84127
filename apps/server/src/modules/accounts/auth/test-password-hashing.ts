import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashing for NODE_ENV=test only (bootstrap passes it when the environment says so):
 * scrypt as Better Auth does it (`salt:key`, hex), with N = 2^10 instead of 2^14 and r = 8
 * instead of 16 — about 30 times less work. The test suites sign up and sign in thousands of
 * accounts, and at Better Auth's cost each one held a core for ~0.1 s (issue 29: some 5 CPU-minutes
 * of CI). Production, development and the Playwright server keep Better Auth's own hashing.
 */
const N = 1024;
const R = 8;
const KEY_LENGTH = 64;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r: R, p: 1 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export const testPasswordHashing = {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString("hex");
    return `${salt}:${(await derive(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    const [salt, key] = hash.split(":");
    if (!salt || !key) return false;
    const expected = Buffer.from(key, "hex");
    const actual = await derive(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};
