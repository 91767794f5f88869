import type { AdminLoanAccountJson } from "../../../../domain/api/servicing";
import type {
  ContractWithdrawInput,
  DisbursementConfirmInput,
  DisbursementInput,
  PaymentInput,
  PaymentReversalInput,
} from "../../../../domain/api/servicing.schema";
import { api, unwrap } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/use-api-mutation";

// The officers' steps after the decision (issue 28), each one POST of domain/api/servicing.ts.
// Each answers the request's account; done or refused (another officer was first, a 409), the
// page's loader reads the request and its account again (useApiMutation), so it shows them as
// they now are.

type AccountAnswer = { account: AdminLoanAccountJson };

const post = async (path: string, body: unknown) =>
  unwrap(await api.post<AccountAnswer>(`/api/admin/loans/${path}`, body)).account;

/** POST …/contract/withdraw { reason }: 409 once signed or when none is live. */
export const useWithdrawContract = (id: number) =>
  useApiMutation((input: ContractWithdrawInput) => post(`${id}/contract/withdraw`, input));

/** POST …/contract/prepare: 409 while a contract is live or the request is not approved. */
export const usePrepareContract = (id: number) =>
  useApiMutation((_: undefined) => post(`${id}/contract/prepare`, {}));

/** POST …/disbursement: 'proposed' above the four-eyes threshold; 400s name the fields. */
export const useRecordDisbursement = (id: number) =>
  useApiMutation((input: DisbursementInput) => post(`${id}/disbursement`, input));

/** POST …/disbursement/confirm { disbursementId }: 403 for the officer who recorded it. */
export const useConfirmDisbursement = (id: number) =>
  useApiMutation((input: DisbursementConfirmInput) => post(`${id}/disbursement/confirm`, input));

/** POST …/payments: 409 `payment_reference_taken` (with the field) for a reference used before. */
export const useRecordPayment = (id: number) =>
  useApiMutation((input: PaymentInput) => post(`${id}/payments`, input));

/** POST …/payments/:paymentId/reversal { reason }: the payment stays, marked reversed. */
export const useReversePayment = (id: number) =>
  useApiMutation(({ paymentId, ...input }: PaymentReversalInput & { paymentId: number }) =>
    post(`${id}/payments/${paymentId}/reversal`, input),
  );
