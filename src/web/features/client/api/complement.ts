import type {
  ComplementItemInput,
  ComplementSubmitInput,
} from "../../../../domain/api/dossier.schema";
import type { ClientLoanJson } from "../../../../domain/api/loans";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/use-api-mutation";

// The client's answer to a request for more information (issue 8): attach a finished upload to
// one thing asked, then send everything. Both answer the request as the client now sees it; the
// page then reads what changed elsewhere too (its documents, the dashboard's "Action requise").

type LoanResult = { loan: ClientLoanJson };

/** PUT /api/loans/:id/info-request/items/:itemId { uploadId } */
export function attachComplement(loanId: number, itemId: number, input: ComplementItemInput) {
  return api.put<LoanResult>(`/api/loans/${loanId}/info-request/items/${itemId}`, input);
}

/** POST /api/loans/:id/info-request/submit { answer } */
export function submitComplement(loanId: number, input: ComplementSubmitInput) {
  return api.post<LoanResult>(`/api/loans/${loanId}/info-request/submit`, input);
}

export function useAttachComplement(loanId: number) {
  return useApiMutation(({ itemId, uploadId }: { itemId: number; uploadId: string }) =>
    attachComplement(loanId, itemId, { uploadId }),
  );
}

export function useSubmitComplement(loanId: number) {
  return useApiMutation((input: ComplementSubmitInput) => submitComplement(loanId, input));
}
