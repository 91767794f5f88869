import { describe, expect, it } from "vitest";
import type { AdminContractJson, DisbursementJson } from "../../../../domain/api/servicing";
import {
  type AccountState,
  canRecordPayment,
  canReverse,
  contractActions,
  defaultFees,
  disbursementStep,
  hasServicing,
  needsReason,
  offersManualCompletion,
  readTypedNumber,
} from "./servicing-rules";

const contract = (state: AdminContractJson["state"]) => ({ state }) as AdminContractJson;
const officer = { id: "o1", firstName: "Fatou", lastName: "Diop", email: "f@example.com" };
const disbursement = (status: DisbursementJson["status"]) =>
  ({ status, recordedBy: officer }) as DisbursementJson;

function account(overrides: Partial<AccountState> = {}): AccountState {
  return {
    stage: "contract",
    contract: contract("sent"),
    contractHistory: [contract("sent")],
    disbursement: null,
    remainingBalance: 0,
    ...overrides,
  };
}

describe("the contract's actions", () => {
  it("withdraws a live unsigned contract, and prepares none while it lives", () => {
    for (const state of ["prepared", "sent"] as const) {
      expect(contractActions("approved", account({ contract: contract(state) }))).toEqual({
        withdraw: true,
        prepare: false,
      });
    }
  });

  it("prepares again after a withdrawal or an expiry, or when none was made", () => {
    for (const state of ["withdrawn", "expired"] as const) {
      expect(contractActions("approved", account({ contract: contract(state) }))).toEqual({
        withdraw: false,
        prepare: true,
      });
    }
    expect(contractActions("approved", account({ contract: null, stage: null }))).toEqual({
      withdraw: false,
      prepare: true,
    });
  });

  it("offers nothing once signed, nor on a request repaid", () => {
    expect(contractActions("approved", account({ contract: contract("signed") }))).toEqual({
      withdraw: false,
      prepare: false,
    });
    expect(contractActions("completed", account({ contract: contract("signed") }))).toEqual({
      withdraw: false,
      prepare: false,
    });
  });
});

describe("the disbursement's step", () => {
  it("waits for the signature, then is recorded", () => {
    expect(disbursementStep(account(), "o1")).toBe("wait_signature");
    expect(disbursementStep(account({ stage: "to_disburse" }), "o1")).toBe("record");
  });

  it("is confirmed by another officer than its recorder", () => {
    const proposed = account({ stage: "to_disburse", disbursement: disbursement("proposed") });
    expect(disbursementStep(proposed, "o1")).toBe("own");
    expect(disbursementStep(proposed, "o2")).toBe("confirm");
    expect(
      disbursementStep(
        account({ stage: "repaying", disbursement: disbursement("confirmed") }),
        "o1",
      ),
    ).toBe("done");
  });
});

describe("payments", () => {
  it("are recorded while something is left to repay", () => {
    expect(canRecordPayment(account({ stage: "repaying", remainingBalance: 1 }))).toBe(true);
    expect(canRecordPayment(account({ stage: "repaid", remainingBalance: 0 }))).toBe(false);
    expect(canRecordPayment(account({ stage: "to_disburse", remainingBalance: 0 }))).toBe(false);
  });

  it("are reversed once", () => {
    expect(canReverse({ reversedAt: null })).toBe(true);
    expect(canReverse({ reversedAt: "2026-12-01T10:00:00.000Z" })).toBe(false);
  });
});

describe("'Marquer comme remboursé'", () => {
  it("is for approved requests without servicing only", () => {
    expect(offersManualCompletion("approved", null)).toBe(true);
    expect(
      offersManualCompletion(
        "approved",
        account({ stage: null, contract: null, contractHistory: [] }),
      ),
    ).toBe(true);
    expect(offersManualCompletion("approved", account())).toBe(false);
    expect(offersManualCompletion("completed", null)).toBe(false);
    expect(hasServicing(account({ stage: null, contract: null, contractHistory: [] }))).toBe(false);
  });
});

describe("amounts as typed", () => {
  it("reads spaces, no-break spaces and a decimal comma", () => {
    expect(readTypedNumber("300 000")).toBe(300_000);
    expect(readTypedNumber("300\u202f000")).toBe(300_000);
    expect(readTypedNumber("12,5")).toBe(12.5);
    expect(readTypedNumber("")).toBeNaN();
    expect(readTypedNumber("abc")).toBeNaN();
  });

  it("computes the default fees as the server does", () => {
    expect(defaultFees(300_000, 2)).toBe(6_000);
    expect(defaultFees(333_333, 1.5)).toBe(5_000);
    expect(defaultFees(300_000, 0)).toBe(0);
    expect(defaultFees(Number.NaN, 2)).toBeNull();
    expect(defaultFees(0, 2)).toBeNull();
  });

  it("asks a reason for a disbursement below the approved amount", () => {
    expect(needsReason("250 000", 300_000)).toBe(true);
    expect(needsReason("300 000", 300_000)).toBe(false);
    expect(needsReason("", 300_000)).toBe(false);
  });
});
