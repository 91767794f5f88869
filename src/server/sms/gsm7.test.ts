import { describe, expect, it } from "vitest";
import { smsSegments, toGsm7 } from "./gsm7";
import { encodeForSmpp } from "./smpp-sender";

describe("toGsm7", () => {
  it("keeps the accents GSM 03.38 has and writes the others without theirs", () => {
    expect(toGsm7("Crédit à Abidjan, où ça ? Élève, très")).toBe(
      "Crédit à Abidjan, où ca ? Élève, très",
    );
    expect(toGsm7("prêt, château, île, hôte, dû, Noël, maïs, cœur, Ça")).toBe(
      "pret, chateau, ile, hote, du, Noel, mais, coeur, Ça",
    );
    expect(toGsm7("l’étude « bientôt » – 1\u202f500\u202f000\u00a0FCFA…")).toBe(
      'l\'étude " bientot " - 1 500 000 FCFA...',
    );
  });

  it("leaves what has no GSM-7 form, so the SMS goes as UCS-2 instead of garbage", () => {
    const text = toGsm7("Merci 🙏");
    expect(text).toBe("Merci 🙏");
    expect(smsSegments(text)).toEqual({ encoding: "ucs2", units: 8, segments: 1 });
    expect(encodeForSmpp(text).data_coding).toBe(8);
  });
});

describe("smsSegments", () => {
  it("counts 160 septets in one SMS, 153 per part beyond, and two septets for €", () => {
    expect(smsSegments("a".repeat(160))).toEqual({ encoding: "gsm7", units: 160, segments: 1 });
    expect(smsSegments("a".repeat(161))).toEqual({ encoding: "gsm7", units: 161, segments: 2 });
    expect(smsSegments("a".repeat(306))).toMatchObject({ segments: 2 });
    expect(smsSegments("a".repeat(307))).toMatchObject({ segments: 3 });
    expect(smsSegments(`${"a".repeat(159)}€`)).toEqual({
      encoding: "gsm7",
      units: 161,
      segments: 2,
    });
    expect(smsSegments("é".repeat(70).replace(/é$/, "ê"))).toMatchObject({
      encoding: "ucs2",
      segments: 1,
    });
  });

  it("sends a long text as message_payload, a short one as short_message", () => {
    expect(encodeForSmpp("Bonjour")).toMatchObject({ data_coding: 0 });
    expect(encodeForSmpp("Bonjour").short_message?.length).toBe(7);
    expect(encodeForSmpp("a".repeat(200)).message_payload?.length).toBe(200);
  });
});
