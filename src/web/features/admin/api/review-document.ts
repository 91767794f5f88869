import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminLoanJson } from "../../../../domain/api/admin-loans";
import type { DocumentReviewInput } from "../../../../domain/api/dossier.schema";
import { api, unwrap } from "../../../lib/api-client";
import { adminLoanQueryKey } from "./get-admin-loan";

/** PUT /api/admin/loans/:id/documents/:documentId/review: 'Conforme' or 'À remplacer'. */
export async function reviewDocument(
  loanId: number,
  documentId: string,
  input: DocumentReviewInput,
) {
  return unwrap(
    await api.put<{ loan: AdminLoanJson }>(
      `/api/admin/loans/${loanId}/documents/${documentId}/review`,
      input,
    ),
  ).loan;
}

export function useReviewDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      loanId,
      documentId,
      input,
    }: {
      loanId: number;
      documentId: string;
      input: DocumentReviewInput;
    }) => reviewDocument(loanId, documentId, input),
    onSuccess: (loan) => {
      queryClient.setQueryData(adminLoanQueryKey(loan.id), loan);
    },
    // A refusal (the request decided meanwhile, the document replaced) shows the request as it is.
    onError: (_error, { loanId }) =>
      queryClient.invalidateQueries({ queryKey: adminLoanQueryKey(loanId) }),
  });
}
