import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminLoanJson } from "../../../../domain/api/admin-loans";
import type { InfoRequestInput } from "../../../../domain/api/dossier.schema";
import { api, unwrap } from "../../../lib/api-client";
import { adminLoanQueryKey } from "./get-admin-loan";
import { adminLoansKey } from "./get-admin-loans";

/** POST /api/admin/loans/:id/info-request: 'Demander un complément' (409 if another acted first). */
export async function requestInformation(id: number, input: InfoRequestInput) {
  return unwrap(
    await api.post<{ loan: AdminLoanJson }>(`/api/admin/loans/${id}/info-request`, input),
  ).loan;
}

export function useRequestInformation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: InfoRequestInput }) =>
      requestInformation(id, input),
    onSuccess: (loan) => {
      queryClient.setQueryData(adminLoanQueryKey(loan.id), loan);
    },
    // Success or conflict alike, the lists and the detail show the request as it now is.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminLoansKey }),
  });
}
