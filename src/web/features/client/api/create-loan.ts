import type { ClientLoanJson } from "../../../../domain/api/loans";
import type { LoanRequestCreateInput } from "../../../../domain/schemas/loan-request.schema";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/use-api-mutation";

/**
 * POST /api/loans: step 1, the three finished uploads and the draft's submission key. The server
 * answers 201 with the new request, or 200 with the same request when the key was already used
 * (a double tap, or a retry after a timeout whose first attempt did arrive).
 */
export function createLoan(input: LoanRequestCreateInput) {
  return api.post<{ loan: ClientLoanJson }>("/api/loans", input, {
    fallbackMessage: "Erreur lors de la création de la demande de prêt",
  });
}

/**
 * The call as a mutation. It resolves to the API result rather than throwing, so that the form
 * can put the server's field errors on its fields.
 */
export function useCreateLoan() {
  return useApiMutation(createLoan);
}
