import { useAdminLayoutData } from "../admin-layout-data";

/** The sidebar's count of unread contact messages (nothing when there are none). */
export function UnreadMessagesBadge() {
  const count = useAdminLayoutData().unreadMessages;
  if (!count) return null;
  return (
    <span className="ml-auto inline-flex min-w-6 items-center justify-center rounded-full bg-accent-400 px-1.5 text-xs font-bold text-brand-900">
      {count > 99 ? "99+" : count}
      <span className="sr-only"> {count > 1 ? "messages non lus" : "message non lu"}</span>
    </span>
  );
}
