import type { AdminLoanJson } from "../../../../domain/api/admin-loans";
import type { LoanStatusChangeInput } from "../../../../domain/api/admin-loans.schema";
import { api, unwrap } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/use-api-mutation";

/** POST /api/admin/loans/:id/status { from, to, ... }: 409 when another officer acted first. */
export async function changeLoanStatus(id: number, change: LoanStatusChangeInput) {
  return unwrap(await api.post<{ loan: AdminLoanJson }>(`/api/admin/loans/${id}/status`, change))
    .loan;
}

/** Success or conflict alike, the list or the detail shows the request as it now is. */
export function useChangeLoanStatus() {
  return useApiMutation(({ id, change }: { id: number; change: LoanStatusChangeInput }) =>
    changeLoanStatus(id, change),
  );
}
