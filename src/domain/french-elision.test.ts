import { describe, expect, it } from "vitest";
import { deName } from "./french-elision";

describe("deName", () => {
  it("elides before a vowel, accented or not, and a mute h (issue 29, 11: « d'Aïssatou »)", () => {
    expect(deName("Aïssatou Traoré")).toBe("d'Aïssatou Traoré");
    expect(deName("Awa Koné")).toBe("d'Awa Koné");
    expect(deName("Éloïse N'Guessan")).toBe("d'Éloïse N'Guessan");
    expect(deName("Hélène Kaboré")).toBe("d'Hélène Kaboré");
  });

  it("keeps « de » before a consonant", () => {
    expect(deName("Fatou Diop")).toBe("de Fatou Diop");
    expect(deName("Moussa Sow")).toBe("de Moussa Sow");
  });
});
