/** Loan ids are shown padded to 5 digits: 42 -> "#00042". */
export function formatLoanId(id: number): string {
  return `#${String(id).padStart(5, "0")}`;
}
