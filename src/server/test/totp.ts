import { createHmac } from "node:crypto";

// RFC 6238 written out for the tests (API and browser journeys): the code an authenticator app
// shows for a base32 key, computed independently of better-auth's own implementation.

function base32Decode(key: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const character of key.replace(/[\s=]/g, "").toUpperCase()) {
    const value = alphabet.indexOf(character);
    if (value < 0) throw new Error(`not base32: ${character}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes: number[] = [];
  for (let index = 0; index + 8 <= bits.length; index += 8) {
    bytes.push(Number.parseInt(bits.slice(index, index + 8), 2));
  }
  return Buffer.from(bytes);
}

/** The 6-digit TOTP (HMAC-SHA1, 30 s steps) of `key` at `at` (now by default). */
export function totpCode(key: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const digest = createHmac("sha1", base32Decode(key)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 15;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, "0");
}

/** Where the last step given for each key is kept: this process's memory by default. */
export type StepLedger = {
  /** Runs `claim` with the last step given for `key` (undefined: none), keeping what it returns. */
  withLastStep(
    key: string,
    claim: (last: number | undefined) => number | undefined,
  ): Promise<number | undefined>;
};

const lastStepGiven = new Map<string, number>();
const memoryLedger: StepLedger = {
  async withLastStep(key, claim) {
    const step = claim(lastStepGiven.get(key));
    if (step !== undefined) lastStepGiven.set(key, step);
    return step;
  },
};

/**
 * The code an app would show for a sign-in that has not been made yet: the platform refuses a code
 * once accepted (RFC 6238 section 5.2), so each call gives a later step than the previous one for
 * the same key, within the steps the server accepts (now, or the next one); when both are taken
 * it waits for the next step to begin. The journeys keep the steps given in a file (e2e/
 * officers.ts), shared by their processes.
 */
export async function nextTotpCode(key: string, ledger = memoryLedger): Promise<string> {
  for (;;) {
    const now = Date.now();
    const current = Math.floor(now / 30_000);
    const step = await ledger.withLastStep(key, (last) => {
      const next = Math.max(current, (last ?? current - 1) + 1);
      return next <= current + 1 ? next : undefined;
    });
    if (step !== undefined) return totpCode(key, step * 30_000);
    await new Promise((resolve) => setTimeout(resolve, (current + 1) * 30_000 - now + 50));
  }
}
