import { describe, expect, it } from "vitest";
import { documentCountText } from "./documents";

describe("documentCountText", () => {
  it("counts every document kept, and says how many were replaced", () => {
    expect(documentCountText(0)).toBe("0 document");
    expect(documentCountText(1)).toBe("1 document");
    expect(documentCountText(5)).toBe("5 documents");
    expect(documentCountText(5, 1)).toBe("5 documents, dont 1 remplacé");
    expect(documentCountText(6, 2)).toBe("6 documents, dont 2 remplacés");
  });
});
