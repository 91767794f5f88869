import { maxAnswerLength } from "../../../../domain/api/dossier";

// What the client types in answer to the officer's question survives a reload (a phone that
// drops the page while the client looks for a document): kept in the session storage, one entry
// per user and per request for more information, as the loan wizard keeps its draft.

type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** One per signed-in user and request: two people sharing a phone never see each other's. */
export function answerDraftKey(userId: string, infoRequestId: number): string {
  return `pret:complement:${userId}:${infoRequestId}`;
}

/** The session storage, when the browser lets us use it (private modes may refuse). */
export function sessionAnswerStorage(): DraftStorage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The answer typed earlier, or "" (nothing kept, unreadable, or a tampered value). */
export function loadAnswerDraft(storage: DraftStorage | null, key: string): string {
  try {
    const value = storage?.getItem(key);
    // Bounded: a tampered entry cannot put more in the field than the server accepts.
    return typeof value === "string" ? value.slice(0, maxAnswerLength) : "";
  } catch {
    return "";
  }
}

/** Keeps the answer; an empty one removes the entry. A refused storage only costs the draft. */
export function saveAnswerDraft(storage: DraftStorage | null, key: string, answer: string): void {
  try {
    if (answer === "") storage?.removeItem(key);
    else storage?.setItem(key, answer);
  } catch {
    // Quota exceeded or storage disabled: the form keeps working without a draft.
  }
}

export function clearAnswerDraft(storage: DraftStorage | null, key: string): void {
  saveAnswerDraft(storage, key, "");
}
