import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminLoanJson } from "../../../../domain/api/admin-loans";
import type {
  ApprovalDecisionInput,
  ApprovalReturnInput,
} from "../../../../domain/api/approval.schema";
import { api, unwrap } from "../../../lib/api-client";
import { adminLoanQueryKey } from "./get-admin-loan";
import { adminLoansKey } from "./get-admin-loans";

/** POST /api/admin/loans/:id/approval/confirm { proposalId }: 403 for the proposer. */
export async function confirmApproval(id: number, input: ApprovalDecisionInput) {
  return unwrap(
    await api.post<{ loan: AdminLoanJson }>(`/api/admin/loans/${id}/approval/confirm`, input),
  ).loan;
}

/** POST /api/admin/loans/:id/approval/return { proposalId, comment }. */
export async function returnApproval(id: number, input: ApprovalReturnInput) {
  return unwrap(
    await api.post<{ loan: AdminLoanJson }>(`/api/admin/loans/${id}/approval/return`, input),
  ).loan;
}

function useApprovalDecision<Input>(
  id: number,
  decide: (id: number, input: Input) => Promise<AdminLoanJson>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => decide(id, input),
    onSuccess: (loan) => queryClient.setQueryData(adminLoanQueryKey(loan.id), loan),
    // Decided or refused (another officer was first), the page shows the request as it now is.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminLoansKey }),
  });
}

export const useConfirmApproval = (id: number) => useApprovalDecision(id, confirmApproval);
export const useReturnApproval = (id: number) => useApprovalDecision(id, returnApproval);
