import { api, unwrap } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/use-api-mutation";

/** DELETE /api/documents/:id: 204; 409 with the reason when it belongs to a loan request. */
export async function deleteDocument(id: string) {
  unwrap(await api.delete<undefined>(`/api/documents/${encodeURIComponent(id)}`));
}

export function useDeleteDocument() {
  return useApiMutation(deleteDocument);
}
