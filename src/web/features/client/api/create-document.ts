import type { DocumentJson } from "../../../../domain/api/documents";
import type { DocumentCreateValues } from "../../../../domain/schemas/document-upload.schema";
import { api } from "../../../lib/api-client";
import { useApiMutation } from "../../../lib/use-api-mutation";

/** POST /api/documents { name, category, uploadId }: a finished upload becomes a document. */
export function createDocument(input: DocumentCreateValues) {
  return api.post<{ document: DocumentJson }>("/api/documents", input);
}

/** The call as a mutation resolving to the API result; the page's documents are read again. */
export function useCreateDocument() {
  return useApiMutation(createDocument);
}
