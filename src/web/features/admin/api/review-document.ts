import type { AdminLoanJson } from "../../../../domain/api/admin-loans";
import type { DocumentReviewInput } from "../../../../domain/api/dossier.schema";
import { api, unwrap } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/use-api-mutation";

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

/** A refusal too (the request decided meanwhile, the document replaced) shows the request as it is. */
export function useReviewDocument() {
  return useApiMutation(
    ({
      loanId,
      documentId,
      input,
    }: {
      loanId: number;
      documentId: string;
      input: DocumentReviewInput;
    }) => reviewDocument(loanId, documentId, input),
  );
}
