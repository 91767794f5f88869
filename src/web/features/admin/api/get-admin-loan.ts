import { useQuery } from "@tanstack/react-query";
import type { AdminLoanJson } from "../../../../domain/api/admin-loans";
import { api, unwrap } from "../../../lib/api-client";
import { adminLoansKey } from "./get-admin-loans";

export const adminLoanQueryKey = (id: number) => [...adminLoansKey, "detail", id] as const;

/** GET /api/admin/loans/:id: the request with its client, documents, notes and history. */
export async function fetchAdminLoan(id: number, signal?: AbortSignal) {
  return unwrap(await api.get<{ loan: AdminLoanJson }>(`/api/admin/loans/${id}`, { signal })).loan;
}

/** `id` null (not a valid loan id) asks nothing of the server. */
export function useAdminLoan(id: number | null) {
  return useQuery({
    queryKey: adminLoanQueryKey(id ?? 0),
    queryFn: ({ signal }) => fetchAdminLoan(id ?? 0, signal),
    enabled: id !== null,
    // A 404 will not turn into a loan by asking again.
    retry: (failures, error) =>
      !(error && "status" in error && (error.status === 404 || error.status === 400)) &&
      failures < 2,
  });
}
