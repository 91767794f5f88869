import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  ComplementItemInput,
  ComplementSubmitInput,
} from "../../../../domain/api/dossier.schema";
import type { ClientLoanJson } from "../../../../domain/api/loans";
import { api } from "../../../lib/api-client";
import { documentsKey } from "./get-documents";
import { loanQueryKey } from "./get-loan";
import { loansListKey } from "./get-loans";

// The client's answer to a request for more information (issue 8): attach a finished upload to
// one thing asked, then send everything. Both answer the request as the client now sees it.

type LoanResult = { loan: ClientLoanJson };

/** PUT /api/loans/:id/info-request/items/:itemId { uploadId } */
export function attachComplement(loanId: number, itemId: number, input: ComplementItemInput) {
  return api.put<LoanResult>(`/api/loans/${loanId}/info-request/items/${itemId}`, input);
}

/** POST /api/loans/:id/info-request/submit { answer } */
export function submitComplement(loanId: number, input: ComplementSubmitInput) {
  return api.post<LoanResult>(`/api/loans/${loanId}/info-request/submit`, input);
}

/**
 * Shows the request the server answered at once, then refreshes what it changed elsewhere: the
 * documents lists (a new document, an old one replaced), and after a submit the lists of requests
 * (the dashboard's "Action requise" card).
 */
function useLoanUpdate(loanId: number) {
  const queryClient = useQueryClient();
  return (result: { data: LoanResult | null }, refresh: "documents" | "all") => {
    if (!result.data) return;
    queryClient.setQueryData(loanQueryKey(loanId), result.data.loan);
    void queryClient.invalidateQueries({ queryKey: documentsKey });
    if (refresh === "all") {
      void queryClient.invalidateQueries({ queryKey: loansListKey });
    }
  };
}

export function useAttachComplement(loanId: number) {
  const update = useLoanUpdate(loanId);
  return useMutation({
    mutationFn: ({ itemId, uploadId }: { itemId: number; uploadId: string }) =>
      attachComplement(loanId, itemId, { uploadId }),
    onSuccess: (result) => update(result, "documents"),
  });
}

export function useSubmitComplement(loanId: number) {
  const update = useLoanUpdate(loanId);
  return useMutation({
    mutationFn: (input: ComplementSubmitInput) => submitComplement(loanId, input),
    onSuccess: (result) => update(result, "all"),
  });
}
