import { describe, expect, it } from "vitest";
import { maxAnswerLength } from "../../../../domain/api/dossier";
import {
  answerDraftKey,
  clearAnswerDraft,
  loadAnswerDraft,
  saveAnswerDraft,
} from "./complement-draft";

function memoryStorage() {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key: string) => entries.get(key) ?? null,
    setItem: (key: string, value: string) => void entries.set(key, value),
    removeItem: (key: string) => void entries.delete(key),
  };
}

describe("the draft of the answer to the officer's question", () => {
  it("is kept per user and per request, and read back as typed", () => {
    const storage = memoryStorage();
    const key = answerDraftKey("user-1", 7);
    expect(key).toBe("pret:complement:user-1:7");
    saveAnswerDraft(storage, key, "Depuis mars 2019\nchez Orange CI");
    expect(loadAnswerDraft(storage, key)).toBe("Depuis mars 2019\nchez Orange CI");
    expect(loadAnswerDraft(storage, answerDraftKey("user-2", 7))).toBe("");
    expect(loadAnswerDraft(storage, answerDraftKey("user-1", 8))).toBe("");
  });

  it("removes the entry when emptied or cleared after sending", () => {
    const storage = memoryStorage();
    const key = answerDraftKey("user-1", 7);
    saveAnswerDraft(storage, key, "Bonjour");
    saveAnswerDraft(storage, key, "");
    expect(storage.entries.has(key)).toBe(false);
    saveAnswerDraft(storage, key, "Bonjour");
    clearAnswerDraft(storage, key);
    expect(storage.entries.size).toBe(0);
  });

  it("bounds a tampered entry and survives a storage that refuses", () => {
    const storage = memoryStorage();
    const key = answerDraftKey("user-1", 7);
    storage.entries.set(key, "a".repeat(maxAnswerLength + 50));
    expect(loadAnswerDraft(storage, key)).toHaveLength(maxAnswerLength);
    const refusing = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {
        throw new Error("SecurityError");
      },
    };
    expect(loadAnswerDraft(refusing, key)).toBe("");
    expect(() => saveAnswerDraft(refusing, key, "Bonjour")).not.toThrow();
    expect(loadAnswerDraft(null, key)).toBe("");
  });
});
