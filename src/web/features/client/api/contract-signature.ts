import { useCallback, useState } from "react";
import { useRevalidator } from "react-router";
import type { ContractStepJson } from "../../../../domain/api/servicing";
import type { ContractSignInput } from "../../../../domain/api/servicing.schema";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/use-api-mutation";

// The client's signature of the contract (issue 28): ask for a one-time code (SMS, or e-mail
// without SMS consent), then sign with it. Each answers the account and what to tell the client;
// the page then reads the request again (the contract's state, the sealed PDF, its history).

/** POST /api/loans/:id/contract/code */
export function requestSignatureCode(loanId: number) {
  return api.post<ContractStepJson>(`/api/loans/${loanId}/contract/code`);
}

/** POST /api/loans/:id/contract/sign { code } */
export function signContract(loanId: number, input: ContractSignInput) {
  return api.post<ContractStepJson>(`/api/loans/${loanId}/contract/sign`, input);
}

/**
 * Asks for a code. Resolves as soon as the server answered: the client is told at once where the
 * code went, and the page reads the request again meanwhile (the code's validity, or the lock).
 */
export function useRequestSignatureCode(loanId: number) {
  const { revalidate } = useRevalidator();
  const [isPending, setPending] = useState(false);
  const mutateAsync = useCallback(async () => {
    setPending(true);
    try {
      return await requestSignatureCode(loanId);
    } finally {
      setPending(false);
      void revalidate();
    }
  }, [loanId, revalidate]);
  return { mutateAsync, isPending };
}

/** Signs; resolves once the page has read the request again (signed: the form leaves it). */
export function useSignContract(loanId: number) {
  return useApiMutation((code: string) => signContract(loanId, { code }));
}
