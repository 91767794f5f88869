import type { DataExportJson } from "../../../../domain/api/data-rights";
import type { CloseAccountInput } from "../../../../domain/api/data-rights.schema";
import { api } from "../../../lib/api-client";

/** POST /api/me/data-exports: starts an export (or answers the one being built). */
export function startDataExport() {
  return api.post<{ export: DataExportJson }>("/api/me/data-exports");
}

/** Where the archive of a ready export is downloaded (its owner's session only). */
export function dataExportArchiveUrl(id: string): string {
  return `/api/me/data-exports/${encodeURIComponent(id)}/archive`;
}

/** POST /api/me/close-account: 204, the account closed and this browser signed out. */
export function closeAccount(body: CloseAccountInput) {
  return api.post<void>("/api/me/close-account", body);
}
