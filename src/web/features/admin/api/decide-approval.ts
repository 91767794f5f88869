import type { AdminLoanJson } from "../../../../domain/api/admin-loans";
import type {
  ApprovalDecisionInput,
  ApprovalReturnInput,
} from "../../../../domain/api/approval.schema";
import { api, unwrap } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/use-api-mutation";

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

// Decided or refused (another officer was first), the page shows the request as it now is.
export const useConfirmApproval = (id: number) =>
  useApiMutation((input: ApprovalDecisionInput) => confirmApproval(id, input));
export const useReturnApproval = (id: number) =>
  useApiMutation((input: ApprovalReturnInput) => returnApproval(id, input));
