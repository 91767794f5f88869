import type { AdminLoanJson } from "../../../../domain/api/admin-loans";
import type { InfoRequestInput } from "../../../../domain/api/dossier.schema";
import { api, unwrap } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/use-api-mutation";

/** POST /api/admin/loans/:id/info-request: 'Demander un complément' (409 if another acted first). */
export async function requestInformation(id: number, input: InfoRequestInput) {
  return unwrap(
    await api.post<{ loan: AdminLoanJson }>(`/api/admin/loans/${id}/info-request`, input),
  ).loan;
}

/** Success or conflict alike, the page shows the request as it now is. */
export function useRequestInformation() {
  return useApiMutation(({ id, input }: { id: number; input: InfoRequestInput }) =>
    requestInformation(id, input),
  );
}
