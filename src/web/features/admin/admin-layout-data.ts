import { useRouteLoaderData } from "react-router";
import type { AdminSettingsJson } from "../../../domain/api/approval";

/** What the officers' layout reads for every officers' page (admin-layout.tsx's loader). */
export type AdminLayoutData = {
  /** The sidebar's count of unread contact messages. */
  unreadMessages: number;
  /** The platform's settings (from the server's environment): the four-eyes threshold. */
  settings: AdminSettingsJson | null;
};

/** The layout's data, for the frame and the pages that use it. */
export function useAdminLayoutData(): AdminLayoutData {
  return useRouteLoaderData<AdminLayoutData>("admin") ?? { unreadMessages: 0, settings: null };
}
