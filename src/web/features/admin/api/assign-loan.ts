import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminLoanJson } from "../../../../domain/api/admin-loans";
import type { LoanAssignInput } from "../../../../domain/api/admin-loans.schema";
import { api, unwrap } from "../../../lib/api-client";
import { adminLoanQueryKey } from "./get-admin-loan";
import { adminLoansKey } from "./get-admin-loans";

/** PUT /api/admin/loans/:id/assignee { assigneeId }: null removes the assignment. */
export async function assignLoan(id: number, input: LoanAssignInput) {
  return unwrap(await api.put<{ loan: AdminLoanJson }>(`/api/admin/loans/${id}/assignee`, input))
    .loan;
}

export function useAssignLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: LoanAssignInput }) => assignLoan(id, input),
    onSuccess: (loan) => {
      queryClient.setQueryData(adminLoanQueryKey(loan.id), loan);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminLoansKey }),
  });
}
