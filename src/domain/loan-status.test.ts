import { describe, expect, it } from "vitest";
import {
  allowedTransitions,
  canOfficerTransition,
  canTransition,
  isLoanStatus,
  isReviewClosed,
  isUndecided,
  loanStatuses,
  loanStatusLabels,
  reviewStagePhrase,
} from "./loan-status";

describe("loan statuses", () => {
  it("labels every status in French", () => {
    expect(loanStatusLabels).toEqual({
      pending: "En attente",
      in_review: "En cours",
      info_requested: "Complément demandé",
      approved: "Approuvé",
      rejected: "Rejeté",
      completed: "Complété",
    });
  });

  it("allows only the reconciled transitions", () => {
    expect(allowedTransitions("pending")).toEqual([
      "in_review",
      "info_requested",
      "approved",
      "rejected",
    ]);
    expect(allowedTransitions("in_review")).toEqual(["info_requested", "approved", "rejected"]);
    expect(allowedTransitions("info_requested")).toEqual(["in_review", "rejected"]);
    expect(canTransition("info_requested", "approved")).toBe(false);
    expect(allowedTransitions("approved")).toEqual(["completed"]);
    expect(allowedTransitions("rejected")).toEqual([]);
    expect(allowedTransitions("completed")).toEqual([]);
    expect(canTransition("in_review", "pending")).toBe(false);
    expect(canTransition("pending", "completed")).toBe(false);
    expect(canTransition("approved", "completed")).toBe(true);
  });

  it("leaves info_requested -> in_review to the client: officers may only reject from there", () => {
    expect(canTransition("info_requested", "in_review")).toBe(true);
    expect(canOfficerTransition("info_requested", "in_review")).toBe(false);
    expect(canOfficerTransition("info_requested", "rejected")).toBe(true);
    expect(canOfficerTransition("pending", "info_requested")).toBe(true);
    expect(canOfficerTransition("in_review", "approved")).toBe(true);
  });

  it("closes the review once approved or rejected", () => {
    const closed = loanStatuses.filter(isReviewClosed);
    expect(closed).toEqual(["approved", "rejected", "completed"]);
  });

  it("counts the statuses without a decision as undecided", () => {
    expect(loanStatuses.filter(isUndecided)).toEqual(["pending", "in_review", "info_requested"]);
  });

  it("recognises codes and nothing else", () => {
    expect(isLoanStatus("pending")).toBe(true);
    expect(isLoanStatus("en_attente")).toBe(false);
    expect(isLoanStatus(3)).toBe(false);
  });
});

describe("reviewStagePhrase", () => {
  it("says 'en attente' of a pending request and 'en cours' of one in review (issue 29, 8)", () => {
    expect(reviewStagePhrase("pending")).toBe("en attente d'examen");
    expect(reviewStagePhrase("in_review")).toBe("en cours d'examen");
    expect(reviewStagePhrase("info_requested")).toBe("en cours d'examen");
  });
});
