import { useQuery } from "@tanstack/react-query";
import type { ClientLoanJson } from "../../../../domain/api/loans";
import { api, unwrap } from "../../../lib/api-client";
import { loansKey } from "./get-loans";

export const loanQueryKey = (id: number) => [...loansKey, "detail", id] as const;

/** GET /api/loans/:id: one of the client's requests with its documents and history. */
export async function fetchLoan(id: number, signal?: AbortSignal) {
  return unwrap(await api.get<{ loan: ClientLoanJson }>(`/api/loans/${id}`, { signal })).loan;
}

/** `id` null (not a valid loan id) asks nothing of the server. */
export function useLoan(id: number | null) {
  return useQuery({
    queryKey: loanQueryKey(id ?? 0),
    queryFn: ({ signal }) => fetchLoan(id ?? 0, signal),
    enabled: id !== null,
  });
}
