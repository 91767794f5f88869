import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { DocumentJson } from "../../../../domain/api/documents";
import type { Page, PageQuery } from "../../../../domain/api/page";
import { api, unwrap } from "../../../lib/api-client";

/** Every query of the client's documents starts with this key. */
export const documentsKey = ["client", "documents"] as const;
export const documentsListKey = [...documentsKey, "list"] as const;
export const documentsQueryKey = (query: PageQuery) =>
  [...documentsListKey, query.page, query.pageSize] as const;

/** GET /api/documents?page=&pageSize=: the signed-in client's own documents, newest first. */
export async function fetchDocuments(query: PageQuery, signal?: AbortSignal) {
  const search = new URLSearchParams({
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  return unwrap(await api.get<Page<DocumentJson>>(`/api/documents?${search}`, { signal }));
}

export function useDocuments(query: PageQuery) {
  return useQuery({
    queryKey: documentsQueryKey(query),
    queryFn: ({ signal }) => fetchDocuments(query, signal),
    placeholderData: keepPreviousData,
  });
}
