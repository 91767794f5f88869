import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { documentsKey } from "./get-documents";
import { loansKey } from "./get-loans";

/** DELETE /api/documents/:id: 204; 409 with the reason when it belongs to a loan request. */
export async function deleteDocument(id: string) {
  unwrap(await api.delete<undefined>(`/api/documents/${encodeURIComponent(id)}`));
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    // A loan's page lists its documents too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentsKey }),
        queryClient.invalidateQueries({ queryKey: loansKey }),
      ]),
  });
}
