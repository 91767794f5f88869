// Loan request statuses as reconciled in DESIGN.md (the spec reports two readings).
export const loanStatuses = [
  "pending",
  "in_review",
  "info_requested",
  "approved",
  "rejected",
  "completed",
] as const;
export type LoanStatus = (typeof loanStatuses)[number];

export const loanStatusLabels: Record<LoanStatus, string> = {
  pending: "En attente",
  in_review: "En cours",
  info_requested: "Complément demandé",
  approved: "Approuvé",
  rejected: "Rejeté",
  completed: "Complété",
};

// info_requested -> in_review is the client's move (sending what was asked), never an officer's.
const transitions: Record<LoanStatus, readonly LoanStatus[]> = {
  pending: ["in_review", "info_requested", "approved", "rejected"],
  in_review: ["info_requested", "approved", "rejected"],
  info_requested: ["in_review", "rejected"],
  approved: ["completed"],
  rejected: [],
  completed: [],
};

export function allowedTransitions(from: LoanStatus): readonly LoanStatus[] {
  return transitions[from];
}

export function canTransition(from: LoanStatus, to: LoanStatus): boolean {
  return transitions[from].includes(to);
}

/** Approved and rejected end the review: the three review buttons are disabled. */
export function isReviewClosed(status: LoanStatus): boolean {
  return status === "approved" || status === "rejected" || status === "completed";
}

/**
 * Where an open request stands, said as its label says it: 'En attente' is waiting for an
 * officer ("en attente d'examen"), 'En cours' is being examined ("en cours d'examen"). A
 * pending request is never said to be under examination (issue 29, 8).
 */
export function reviewStagePhrase(status: LoanStatus): string {
  return status === "pending" ? "en attente d'examen" : "en cours d'examen";
}

export function isLoanStatus(value: unknown): value is LoanStatus {
  return typeof value === "string" && (loanStatuses as readonly string[]).includes(value);
}

/** Statuses still waiting for a decision (approved or rejected): the 48 h promise runs on them. */
export const undecidedStatuses = [
  "pending",
  "in_review",
  "info_requested",
] as const satisfies readonly LoanStatus[];

export function isUndecided(status: LoanStatus): boolean {
  return (undecidedStatuses as readonly LoanStatus[]).includes(status);
}

/**
 * The moves an officer makes with the status buttons: every allowed transition except
 * info_requested -> in_review, which happens when the client sends the complements asked.
 */
export function canOfficerTransition(from: LoanStatus, to: LoanStatus): boolean {
  if (from === "info_requested" && to === "in_review") return false;
  return canTransition(from, to);
}
