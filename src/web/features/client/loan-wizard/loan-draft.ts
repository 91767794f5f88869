import type { UploadJson } from "../../../../domain/api/uploads";
import { uploadIdPattern } from "../../../../domain/api/uploads";
import {
  acceptedFileTypes,
  type LoanDocumentCategory,
  loanDocumentCategories,
} from "../../../../domain/document-category";
import { emptyLoanFormValues, type LoanFormValues, loanFormFields } from "./loan-form-values";

export type WizardStep = 1 | 2;

/**
 * What a reload must not lose: step 1's answers, the current step, the finished uploads, and the
 * submission key drawn once for this request.
 */
export type LoanDraft = {
  version: 1;
  step: WizardStep;
  values: LoanFormValues;
  uploads: Partial<Record<LoanDocumentCategory, UploadJson>>;
  submissionKey: string;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** Bounds what a tampered or corrupted draft can put in a field. */
const maxStoredLength = 10_000;

/** A random v4 UUID, also outside a secure context (where crypto.randomUUID is missing). */
export function newSubmissionKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function newDraft(submissionKey = newSubmissionKey()): LoanDraft {
  return { version: 1, step: 1, values: { ...emptyLoanFormValues }, uploads: {}, submissionKey };
}

/** One draft per signed-in user, so that two people sharing a phone never see each other's. */
export function draftStorageKey(userId: string): string {
  return `pret:demande-pret:${userId}`;
}

export function serializeDraft(draft: LoanDraft): string {
  return JSON.stringify(draft);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function readUpload(value: unknown): UploadJson | null {
  if (!isRecord(value)) return null;
  const { id, fileName, fileType, fileSize } = value;
  if (typeof id !== "string" || !uploadIdPattern.test(id)) return null;
  if (typeof fileName !== "string" || fileName.length > maxStoredLength) return null;
  if (!(acceptedFileTypes as readonly unknown[]).includes(fileType)) return null;
  if (typeof fileSize !== "number" || !Number.isFinite(fileSize) || fileSize < 0) return null;
  return { id, fileName, fileType: fileType as UploadJson["fileType"], fileSize };
}

/**
 * Reads a stored draft. Whatever cannot be trusted is dropped field by field rather than the
 * whole draft: a bad upload entry loses that upload, not the answers typed on step 1. A missing
 * or malformed submission key gets a fresh one. Returns null when there is no draft at all.
 */
export function parseDraft(text: string | null | undefined): LoanDraft | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(raw) || raw.version !== 1) return null;

  const values = { ...emptyLoanFormValues };
  if (isRecord(raw.values)) {
    for (const field of loanFormFields) {
      const value = raw.values[field];
      if (typeof value === "string") values[field] = value.slice(0, maxStoredLength);
      else if (typeof value === "number" && Number.isFinite(value)) values[field] = String(value);
    }
  }

  const uploads: LoanDraft["uploads"] = {};
  if (isRecord(raw.uploads)) {
    for (const category of loanDocumentCategories) {
      const upload = readUpload(raw.uploads[category]);
      if (upload) uploads[category] = upload;
    }
  }

  const submissionKey =
    typeof raw.submissionKey === "string" && uuidPattern.test(raw.submissionKey)
      ? raw.submissionKey
      : newSubmissionKey();
  const step: WizardStep = raw.step === 2 ? 2 : 1;
  return { version: 1, step, values, uploads, submissionKey };
}

type DraftStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The session storage, when the browser lets us use it (private modes may refuse). */
export function sessionDraftStorage(): DraftStorage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function loadDraft(storage: DraftStorage | null, userId: string): LoanDraft | null {
  try {
    return parseDraft(storage?.getItem(draftStorageKey(userId)));
  } catch {
    return null;
  }
}

/** Saves the draft; a full or refused storage only costs the draft, never the form. */
export function saveDraft(storage: DraftStorage | null, userId: string, draft: LoanDraft): void {
  try {
    storage?.setItem(draftStorageKey(userId), serializeDraft(draft));
  } catch {
    // Quota exceeded or storage disabled: the wizard keeps working without a draft.
  }
}

export function clearDraft(storage: DraftStorage | null, userId: string): void {
  try {
    storage?.removeItem(draftStorageKey(userId));
  } catch {
    // Nothing to do.
  }
}
