import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { DocumentJson } from "../../../domain/api/documents";
import { DocumentSpokenName } from "./document-spoken-name";

const scan = (
  category: DocumentJson["category"],
  replacedAt: string | null = null,
): DocumentJson => ({
  id: `${category}-${replacedAt ?? "current"}`,
  loanId: 1,
  loanStatus: "pending",
  fileName: "scan.pdf",
  fileType: "application/pdf",
  fileSize: 1000,
  category,
  uploadedAt: "2026-11-27T10:00:00.000Z",
  replacedAt,
  replacedById: null,
  review: null,
});

const spoken = (document: DocumentJson) =>
  renderToStaticMarkup(<DocumentSpokenName document={document} />).replace(/<[^>]+>/g, "");

describe("DocumentSpokenName", () => {
  it("tells apart files of one name by their category", () => {
    const names = [scan("identite"), scan("revenu"), scan("banque")].map(spoken);
    expect(names).toEqual([
      " scan.pdf (Pièce d&#x27;identité)",
      " scan.pdf (Justificatif de revenu)",
      " scan.pdf (Relevés bancaires)",
    ]);
  });

  it("tells a replaced version from the current one of the same category", () => {
    expect(spoken(scan("banque", "2026-11-28T10:00:00.000Z"))).toBe(
      " scan.pdf (Relevés bancaires, remplacé)",
    );
  });
});
