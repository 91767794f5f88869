import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { verifyPassword } from "better-auth/crypto";
import type { PasswordHashing } from "../auth/auth";

// The API tests' password hashing: better-auth's scrypt and its "salt:key" form, at a cost 32
// times lower (N 1024, r 8 instead of 16384, 16). At better-auth's cost one hash takes 160 ms of
// a processor here, and the API tests make about a thousand (every client, officer and sign-in):
// a third of the suite's time. What the tests check (sign-in, wrong passwords, lockouts, resets)
// does not depend on the cost; the journeys and the process tests keep better-auth's own. The
// hashes made here carry a mark; any other (the demo data's, made by better-auth) is checked by
// better-auth.

const cost = { N: 1024, r: 8, p: 1 } as const;
const mark = "test-scrypt:";

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, 64, cost, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export const testPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString("hex");
    return `${mark}${salt}:${(await derive(password, salt)).toString("hex")}`;
  },
  async verify({ hash, password }) {
    if (!hash.startsWith(mark)) return verifyPassword({ hash, password });
    const [salt, key] = hash.slice(mark.length).split(":");
    if (!salt || !key) return false;
    const expected = Buffer.from(key, "hex");
    const actual = await derive(password, salt);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  },
};
