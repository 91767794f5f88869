import { createHmac, timingSafeEqual } from "node:crypto";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { twoFactor } from "../db/schema";
import type { Auth } from "./auth";

// RFC 6238 section 5.2: "the verifier MUST NOT accept the second attempt of the same OTP after
// the successful validation has been issued for the first OTP". better-auth's twoFactor plugin
// accepts a code for the steps around now and keeps no trace of it, so the same code signs in
// again for up to 90 seconds. Before the plugin judges a code, this module finds the step the code
// belongs to and claims it in the database (one conditional UPDATE, so it holds across instances):
// a code of a step already claimed, or older, is refused.

const periodMs = 30_000;
/** The steps the plugin accepts around now (its window of 1). */
const window = 1;
const base32Prefix = "base32:";
const base32Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

function base32Decode(text: string): Buffer {
  let bits = "";
  for (const character of text.replace(/=+$/, "").toUpperCase()) {
    const value = base32Alphabet.indexOf(character);
    if (value >= 0) bits += value.toString(2).padStart(5, "0");
  }
  const bytes: number[] = [];
  for (let index = 0; index + 8 <= bits.length; index += 8) {
    bytes.push(Number.parseInt(bits.slice(index, index + 8), 2));
  }
  return Buffer.from(bytes);
}

/** The HOTP (RFC 4226, HMAC-SHA1, 6 digits) of `key` at `step`. */
export function hotp(key: Buffer, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac("sha1", key).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 15;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/** The step among those around `now` whose code is `code`, the latest if several; else undefined. */
export function matchingStep(key: Buffer, code: string, now = Date.now()): number | undefined {
  const current = Math.floor(now / periodMs);
  let found: number | undefined;
  for (let step = current - window; step <= current + window; step += 1) {
    const expected = Buffer.from(hotp(key, step));
    const given = Buffer.from(code);
    if (given.length === expected.length && timingSafeEqual(given, expected)) found = step;
  }
  return found;
}

/** The key the plugin keeps (encrypted with the auth secret), as the HMAC key it uses. */
async function accountKey(auth: Auth, encrypted: string): Promise<Buffer> {
  const context = await auth.$context;
  const secret = await symmetricDecrypt({ key: context.secretConfig, data: encrypted });
  return secret.startsWith(base32Prefix)
    ? base32Decode(secret.slice(base32Prefix.length))
    : Buffer.from(secret, "utf8");
}

export type StepClaim = "claimed" | "replayed" | "no-match";

/**
 * Claims the step of `code` for the account: "claimed" the first time a code of this step (or
 * a later one) is seen, "replayed" when this step or a later one was already accepted, "no-match"
 * when the code is no code of the account around now (the plugin refuses it and counts it).
 */
export async function claimTotpStep({
  db,
  auth,
  userId,
  code,
}: {
  db: Db;
  auth: Auth;
  userId: string;
  code: string;
}): Promise<StepClaim> {
  const [row] = await db
    .select({ secret: twoFactor.secret })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .limit(1);
  if (!row) return "no-match";
  const step = matchingStep(await accountKey(auth, row.secret), code);
  if (step === undefined) return "no-match";
  const claimed = await db
    .update(twoFactor)
    .set({ lastTotpStep: step })
    .where(
      and(
        eq(twoFactor.userId, userId),
        or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step)),
      ),
    )
    .returning({ id: twoFactor.id });
  return claimed.length > 0 ? "claimed" : "replayed";
}
