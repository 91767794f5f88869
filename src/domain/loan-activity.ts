// The history of a loan request: every change, by whom and when (loan_activities).
export const loanActivityTypes = [
  "status_change",
  "comment",
  "document_added",
  "assignment",
] as const;
export type LoanActivityType = (typeof loanActivityTypes)[number];
