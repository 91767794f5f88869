import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { DocumentJson } from "../../../../domain/api/documents";
import type { DocumentCreateValues } from "../../../../domain/schemas/document-upload.schema";
import { api } from "../../../lib/api-client";
import { documentsKey } from "./get-documents";

/** POST /api/documents { name, category, uploadId }: a finished upload becomes a document. */
export function createDocument(input: DocumentCreateValues) {
  return api.post<{ document: DocumentJson }>("/api/documents", input);
}

/** The call as a mutation resolving to the API result; the documents lists are refreshed. */
export function useCreateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDocument,
    onSuccess: (result) => {
      if (result.error) return;
      void queryClient.invalidateQueries({ queryKey: documentsKey });
    },
  });
}
