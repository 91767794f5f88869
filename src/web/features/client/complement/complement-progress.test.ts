import { describe, expect, it } from "vitest";
import type { DocumentJson } from "../../../../domain/api/documents";
import type { InfoRequestItemJson, InfoRequestJson } from "../../../../domain/api/dossier";
import { isComplementReady } from "../../../../domain/api/dossier";
import { complementProgressText, missingComplements } from "./complement-progress";

const sent: DocumentJson = {
  id: "0b7c6f4e-8d55-4f65-9a43-0e2f8c0d5a11",
  loanId: 7,
  loanStatus: "info_requested",
  fileName: "cni-nette.jpg",
  fileType: "image/jpeg",
  fileSize: 120_000,
  category: "identite",
  uploadedAt: "2026-11-22T10:00:00.000Z",
  replacedAt: null,
  replacedById: null,
  review: null,
};

function item(overrides: Partial<InfoRequestItemJson>): InfoRequestItemJson {
  return {
    id: 1,
    kind: "replace",
    category: "identite",
    documentId: "2a1b",
    documentName: "cni-floue.jpg",
    reason: "illisible",
    comment: null,
    providedDocument: null,
    ...overrides,
  };
}

function request(items: InfoRequestItemJson[], question: string | null): InfoRequestJson {
  return {
    id: 3,
    question,
    createdAt: "2026-11-22T09:00:00.000Z",
    requestedBy: { firstName: "Fatou", lastName: "Diop", role: "admin" },
    items,
    answer: null,
    answeredAt: null,
    closedAt: null,
  };
}

describe("missingComplements: what the client still has to give", () => {
  it("names each document not sent yet, then the answer", () => {
    const asked = request(
      [item({ id: 1 }), item({ id: 2, kind: "add", category: "domicile", documentId: null })],
      "Depuis quand êtes-vous salarié ?",
    );
    expect(missingComplements(asked, "  ")).toEqual([
      "Pièce d'identité",
      "Justificatif de domicile",
      "votre réponse à la question",
    ]);
    expect(complementProgressText(missingComplements(asked, ""))).toBe(
      "Il manque encore : Pièce d'identité, Justificatif de domicile, votre réponse à la question.",
    );
  });

  it("is empty exactly when the domain says the complements are ready", () => {
    const withQuestion = request([item({ providedDocument: sent })], "Pourquoi ?");
    expect(missingComplements(withQuestion, "Parce que")).toEqual([]);
    expect(isComplementReady(withQuestion, "Parce que")).toBe(true);
    expect(missingComplements(withQuestion, "")).toEqual(["votre réponse à la question"]);
    expect(isComplementReady(withQuestion, "")).toBe(false);

    const noQuestion = request([item({ providedDocument: sent })], null);
    expect(missingComplements(noQuestion, "")).toEqual([]);
    expect(isComplementReady(noQuestion, null)).toBe(true);
    expect(complementProgressText([])).toBe("Tout est prêt : vous pouvez envoyer vos compléments.");
  });
});
