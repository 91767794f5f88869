import { describe, expect, it } from "vitest";
import { type ContractJson, servicingMessages } from "../../../../domain/api/servicing";
import { signatureCode, signatureState, timeOfDay } from "./signature-state";

const prepared: ContractJson = {
  id: 3,
  state: "prepared",
  stateLabel: "Préparé",
  amount: 1_200_000,
  durationMonths: 12,
  annualRatePercent: 12,
  feesAmount: 12_000,
  monthlyPayment: 106_619,
  preparedAt: "2026-11-28T09:00:00.000Z",
  expiresAt: "2026-12-12T09:00:00.000Z",
  unsignedDocumentId: "8c1d0f5e-4b4a-4a55-9d3e-7f3b1c2d9a10",
  signedDocumentId: null,
  signedAt: null,
  codeSentAt: null,
  codeExpiresAt: null,
  lockedUntil: null,
};

describe("signatureState", () => {
  it("offers the signature of a prepared contract, with no code waiting", () => {
    expect(signatureState(prepared)).toEqual({ kind: "open", codeValidUntil: null });
  });

  it("says until when a code already sent is valid", () => {
    const sent = {
      ...prepared,
      state: "sent" as const,
      codeSentAt: "2026-11-28T10:00:00.000Z",
      codeExpiresAt: "2026-11-28T10:10:00.000Z",
    };
    expect(signatureState(sent)).toEqual({
      kind: "open",
      codeValidUntil: "2026-11-28T10:10:00.000Z",
    });
  });

  it("is locked after five wrong codes, until the time the server gave", () => {
    const locked = { ...prepared, state: "sent" as const, lockedUntil: "2026-11-28T10:25:00.000Z" };
    expect(signatureState(locked)).toEqual({
      kind: "locked",
      message: servicingMessages.locked("10:25"),
    });
  });

  it("closes an expired or withdrawn contract with the server's reason", () => {
    expect(signatureState({ ...prepared, state: "expired" })).toEqual({
      kind: "closed",
      message: servicingMessages.contractExpired,
    });
    expect(signatureState({ ...prepared, state: "withdrawn" })).toEqual({
      kind: "closed",
      message: servicingMessages.contractNotSignable,
    });
  });

  it("has nothing to offer once signed, even with a lock left from before", () => {
    const signed = {
      ...prepared,
      state: "signed" as const,
      signedAt: "2026-11-28T10:05:00.000Z",
      lockedUntil: "2026-11-28T10:25:00.000Z",
    };
    expect(signatureState(signed)).toEqual({ kind: "signed" });
  });
});

describe("timeOfDay", () => {
  it("writes the firm's clock (UTC) as hours and minutes", () => {
    expect(timeOfDay("2026-11-28T08:05:00.000Z")).toBe("08:05");
  });
});

describe("signatureCode", () => {
  it("keeps the six digits, whatever spaces or dash were typed between them", () => {
    expect(signatureCode("123456")).toBe("123456");
    expect(signatureCode(" 123 456 ")).toBe("123456");
    expect(signatureCode("123-456")).toBe("123456");
    expect(signatureCode("123\u00a0456")).toBe("123456");
  });

  it("refuses anything but six digits", () => {
    expect(signatureCode("")).toBeNull();
    expect(signatureCode("12345")).toBeNull();
    expect(signatureCode("1234567")).toBeNull();
    expect(signatureCode("12345a")).toBeNull();
    expect(signatureCode("١٢٣٤٥٦")).toBeNull();
  });
});
