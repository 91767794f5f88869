export const roles = ["client", "admin"] as const;
export type Role = (typeof roles)[number];

/** The spec: a user is an admin when the profile role equals "admin"; anything else is a client. */
export function isAdminRole(role: unknown): boolean {
  return role === "admin";
}
