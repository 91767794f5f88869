import {
  type ContractJson,
  servicingMessages,
  signatureCodeLength,
} from "../../../../domain/api/servicing";
import { formatDateTime } from "../../../../domain/format-date";

// What the contract card offers the client, read from the contract alone: the page draws it on
// the server and again after each step, so it is a pure function of what the loader read.

export type SignatureState =
  /** Signed: the sealed PDF, nothing more to do. */
  | { kind: "signed" }
  /** Withdrawn or expired: it cannot be signed; the message says why and what comes next. */
  | { kind: "closed"; message: string }
  /** Five wrong codes: the form waits until the time the message gives. */
  | { kind: "locked"; message: string }
  /** It can be signed; `codeValidUntil` is set while a code sent earlier is still valid. */
  | { kind: "open"; codeValidUntil: string | null };

/** "14:05": the time of day in the firm's clock, as the server writes it in its lock message. */
export function timeOfDay(iso: string): string {
  return formatDateTime(iso).split(" à ")[1] ?? "";
}

export function signatureState(contract: ContractJson): SignatureState {
  switch (contract.state) {
    case "signed":
      return { kind: "signed" };
    case "expired":
      return { kind: "closed", message: servicingMessages.contractExpired };
    case "withdrawn":
      return { kind: "closed", message: servicingMessages.contractNotSignable };
  }
  if (contract.lockedUntil) {
    return { kind: "locked", message: servicingMessages.locked(timeOfDay(contract.lockedUntil)) };
  }
  return { kind: "open", codeValidUntil: contract.codeExpiresAt };
}

/**
 * The code as typed ("123 456", " 123456 ") reduced to its digits, or null when it is not the six
 * digits the SMS gave: refused before any request (a wrong try counts towards the lock, a typo
 * of length should not).
 */
export function signatureCode(typed: string): string | null {
  const code = typed.replace(/[\s\u00a0\u202f-]/g, "");
  return new RegExp(`^\\d{${signatureCodeLength}}$`).test(code) ? code : null;
}
