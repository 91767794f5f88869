import type { SecurityEventType } from "../../../../domain/api/security-events";

/** The journal's filters as the page's URL and the API carry them (?compte=&type=&du=&au=). */
export type SecurityEventFilterParams = {
  compte?: string;
  type?: SecurityEventType;
  du?: string;
  au?: string;
};

export function securityEventSearch(filter: SecurityEventFilterParams): URLSearchParams {
  const search = new URLSearchParams();
  for (const key of ["compte", "type", "du", "au"] as const) {
    const value = filter[key];
    if (value) search.set(key, value);
  }
  return search;
}

/** The CSV of every event the filters match: a plain link, the server streams the file. */
export function securityEventsExportUrl(filter: SecurityEventFilterParams): string {
  const search = securityEventSearch(filter).toString();
  return `/api/admin/security-events/export.csv${search ? `?${search}` : ""}`;
}
