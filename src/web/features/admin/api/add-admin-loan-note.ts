import type { AdminNoteJson } from "../../../../domain/api/admin-loans";
import type { LoanNoteValues } from "../../../../domain/schemas/loan-request.schema";
import { api, unwrap } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/use-api-mutation";

/** POST /api/admin/loans/:id/notes { note }: the note joins the notes card and the history. */
export async function addAdminLoanNote(id: number, values: LoanNoteValues) {
  return unwrap(await api.post<{ note: AdminNoteJson }>(`/api/admin/loans/${id}/notes`, values))
    .note;
}

export function useAddAdminLoanNote(id: number) {
  return useApiMutation((values: LoanNoteValues) => addAdminLoanNote(id, values));
}
