import type { AdminLoanJson } from "../../../../domain/api/admin-loans";
import type { LoanAssignInput } from "../../../../domain/api/admin-loans.schema";
import { api, unwrap } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/use-api-mutation";

/** PUT /api/admin/loans/:id/assignee { assigneeId }: null removes the assignment. */
export async function assignLoan(id: number, input: LoanAssignInput) {
  return unwrap(await api.put<{ loan: AdminLoanJson }>(`/api/admin/loans/${id}/assignee`, input))
    .loan;
}

export function useAssignLoan() {
  return useApiMutation(({ id, input }: { id: number; input: LoanAssignInput }) =>
    assignLoan(id, input),
  );
}
