import type { LoanActivityJson } from "../../../../domain/api/loans";
import type { LoanNoteValues } from "../../../../domain/schemas/loan-request.schema";
import { api, unwrap } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/use-api-mutation";

/** POST /api/loans/:id/notes { note }: the note joins the history as a client comment. */
export async function addLoanNote(loanId: number, values: LoanNoteValues) {
  return unwrap(
    await api.post<{ activity: LoanActivityJson }>(`/api/loans/${loanId}/notes`, values),
  ).activity;
}

export function useAddLoanNote(loanId: number) {
  return useApiMutation((values: LoanNoteValues) => addLoanNote(loanId, values));
}
