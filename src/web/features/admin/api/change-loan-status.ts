import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminLoanJson } from "../../../../domain/api/admin-loans";
import type { LoanStatusChangeInput } from "../../../../domain/api/admin-loans.schema";
import { api, unwrap } from "../../../lib/api-client";
import { adminLoanQueryKey } from "./get-admin-loan";
import { adminLoansKey } from "./get-admin-loans";

/** POST /api/admin/loans/:id/status { from, to, ... }: 409 when another officer acted first. */
export async function changeLoanStatus(id: number, change: LoanStatusChangeInput) {
  return unwrap(await api.post<{ loan: AdminLoanJson }>(`/api/admin/loans/${id}/status`, change))
    .loan;
}

export function useChangeLoanStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: number; change: LoanStatusChangeInput }) =>
      changeLoanStatus(id, change),
    onSuccess: (loan) => {
      queryClient.setQueryData(adminLoanQueryKey(loan.id), loan);
    },
    // Success or conflict alike, the lists and the detail show the request as it now is.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminLoansKey }),
  });
}
