import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LoanActivityJson } from "../../../../domain/api/loans";
import type { LoanNoteValues } from "../../../../domain/schemas/loan-request.schema";
import { api, unwrap } from "../../../lib/api-client";
import { loanQueryKey } from "./get-loan";

/** POST /api/loans/:id/notes { note }: the note joins the history as a client comment. */
export async function addLoanNote(loanId: number, values: LoanNoteValues) {
  return unwrap(
    await api.post<{ activity: LoanActivityJson }>(`/api/loans/${loanId}/notes`, values),
  ).activity;
}

export function useAddLoanNote(loanId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: LoanNoteValues) => addLoanNote(loanId, values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loanQueryKey(loanId) }),
  });
}
