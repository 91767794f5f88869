export const loanTypes = ["business", "mortgage", "personal", "education", "auto"] as const;
export type LoanType = (typeof loanTypes)[number];

export const loanTypeLabels: Record<LoanType, string> = {
  business: "Prêt entreprise",
  mortgage: "Prêt immobilier",
  personal: "Prêt personnel",
  education: "Prêt études",
  auto: "Prêt automobile",
};

export function isLoanType(value: unknown): value is LoanType {
  return typeof value === "string" && (loanTypes as readonly string[]).includes(value);
}
