export const contactStatuses = ["unread", "read", "archived"] as const;
export type ContactStatus = (typeof contactStatuses)[number];
