import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { Page } from "../../../../domain/api/page";
import {
  type SecurityEventJson,
  type SecurityEventType,
  securityEventPageSize,
} from "../../../../domain/api/security-events";
import { api, unwrap } from "../../../lib/api-client";

/** The journal's filters as the page's URL and the API carry them (?compte=&type=&du=&au=). */
export type SecurityEventFilterParams = {
  compte?: string;
  type?: SecurityEventType;
  du?: string;
  au?: string;
};

export const securityEventsKey = ["admin", "security-events"] as const;

export function securityEventSearch(filter: SecurityEventFilterParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of ["compte", "type", "du", "au"] as const) {
    const value = filter[key];
    if (value) search.set(key, value);
  }
  return search;
}

/** GET /api/admin/security-events: newest first, 50 per page, with the exact count. */
export async function fetchSecurityEvents(
  params: SecurityEventFilterParams & { page: number },
  signal?: AbortSignal,
) {
  const search = new URLSearchParams({
    page: String(params.page),
    pageSize: String(securityEventPageSize),
  });
  for (const [key, value] of securityEventSearch(params)) search.set(key, value);
  return unwrap(
    await api.get<Page<SecurityEventJson>>(`/api/admin/security-events?${search}`, { signal }),
  );
}

export function useSecurityEvents(params: SecurityEventFilterParams & { page: number }) {
  return useQuery({
    queryKey: [...securityEventsKey, params] as const,
    queryFn: ({ signal }) => fetchSecurityEvents(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The CSV of every event the filters match: a plain link, the server streams the file. */
export function securityEventsExportUrl(filter: SecurityEventFilterParams): string {
  const search = securityEventSearch(filter).toString();
  return `/api/admin/security-events/export.csv${search ? `?${search}` : ""}`;
}
