import { describe, expect, it } from "vitest";
import {
  clearDraft,
  draftStorageKey,
  type LoanDraft,
  loadDraft,
  newDraft,
  newSubmissionKey,
  parseDraft,
  saveDraft,
  serializeDraft,
} from "./loan-draft";

const upload = {
  id: "0123456789abcdef0123456789abcdef",
  fileName: "Carte d'identité (recto).jpg",
  fileType: "image/jpeg" as const,
  fileSize: 812_345,
};

const draft: LoanDraft = {
  version: 1,
  step: 2,
  values: {
    loanType: "business",
    amount: "5 000 000",
    durationMonths: "36",
    purpose: "Achat d'un camion frigorifique",
    description: "Pour livrer le poisson de Grand-Bassam à Abidjan",
    monthlyIncome: "",
    office: "dakar",
  },
  uploads: { identite: upload },
  submissionKey: "3b241101-e2bb-4255-8caf-4136c566a962",
};

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe("loan draft", () => {
  it("comes back as it was saved", () => {
    expect(parseDraft(serializeDraft(draft))).toEqual(draft);
  });

  it("is nothing when absent, unreadable or of another version", () => {
    expect(parseDraft(null)).toBeNull();
    expect(parseDraft("")).toBeNull();
    expect(parseDraft("{not json")).toBeNull();
    expect(parseDraft("[]")).toBeNull();
    expect(parseDraft(JSON.stringify({ ...draft, version: 2 }))).toBeNull();
  });

  it("drops what cannot be trusted, field by field", () => {
    const tampered = {
      ...draft,
      step: 7,
      values: { ...draft.values, amount: 5_000_000, purpose: { evil: true } },
      uploads: {
        identite: { ...upload, id: "../../etc/passwd" },
        revenu: { ...upload, fileType: "text/html" },
        banque: upload,
        fiscal: upload,
      },
      submissionKey: "not-a-uuid",
    };
    const parsed = parseDraft(JSON.stringify(tampered));
    expect(parsed?.step).toBe(1);
    expect(parsed?.values.amount).toBe("5000000");
    expect(parsed?.values.purpose).toBe("");
    expect(parsed?.values.loanType).toBe("business");
    expect(parsed?.uploads).toEqual({ banque: upload });
    expect(parsed?.submissionKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(parsed?.submissionKey).not.toBe("not-a-uuid");
  });

  it("keeps the submission key across a reload, so a retry creates one request", () => {
    const storage = new MemoryStorage();
    const first = newDraft();
    saveDraft(storage, "user-1", first);
    expect(loadDraft(storage, "user-1")?.submissionKey).toBe(first.submissionKey);
  });

  it("belongs to one user", () => {
    const storage = new MemoryStorage();
    saveDraft(storage, "user-1", draft);
    expect(loadDraft(storage, "user-2")).toBeNull();
    expect(storage.items.has(draftStorageKey("user-1"))).toBe(true);
    clearDraft(storage, "user-1");
    expect(loadDraft(storage, "user-1")).toBeNull();
  });

  it("survives a storage that refuses to work", () => {
    const broken = {
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
    expect(loadDraft(broken, "u")).toBeNull();
    expect(() => saveDraft(broken, "u", draft)).not.toThrow();
    expect(() => clearDraft(broken, "u")).not.toThrow();
    expect(loadDraft(null, "u")).toBeNull();
  });

  it("draws v4 keys", () => {
    const keys = new Set(Array.from({ length: 50 }, () => newSubmissionKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});
