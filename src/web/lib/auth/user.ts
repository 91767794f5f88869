import type { UserJson } from "../../../domain/api/users";
import { isAdminRole } from "../../../domain/roles";
import { paths } from "../../paths";

/** The signed-in user as the API returns it (GET /api/session, GET /api/me). */
export type User = UserJson;

export function isAdmin(user: Pick<User, "role"> | null | undefined): boolean {
  return Boolean(user && isAdminRole(user.role));
}

/** Where a user lands after signing in, and where login / register send a signed-in user. */
export function areaHome(user: Pick<User, "role">): string {
  return isAdmin(user) ? paths.admin.root : paths.client.root;
}

/** The name shown in headers and greetings: the first name, or else the e-mail. */
export function displayName(user: Pick<User, "firstName" | "email">): string {
  return user.firstName.trim() || user.email;
}

/**
 * After signing in, go back to the page that asked for it when it belongs to the user's own area
 * (a deep link opened while signed out), else to the area's home.
 */
export function destinationAfterSignIn(user: Pick<User, "role">, from: unknown): string {
  const home = areaHome(user);
  if (typeof from !== "string" || !from.startsWith("/")) return home;
  const path = from.split(/[?#]/)[0] ?? "";
  return path === home || path.startsWith(`${home}/`) ? from : home;
}
