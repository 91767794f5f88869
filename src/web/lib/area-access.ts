import { type MiddlewareFunction, redirect } from "react-router";
import { paths } from "../paths";
import { isAdmin, type User } from "./auth/user";
import { pageContext } from "./page-context";

export type AreaName = "client" | "admin";

/** The query parameter of the login page that names where to go back after signing in. */
export const returnParam = "retour";

/** The login page's address, with where to come back after signing in. */
export function loginPathFor(from: string): string {
  return `${paths.login}?${new URLSearchParams({ [returnParam]: from })}`;
}

/**
 * Spec section 2: who may enter an area, and where the others go: an anonymous visitor to the
 * login page, a client to /client, an officer to /admin, and an officer who has not enrolled a
 * second factor to the enrolment page (the API refuses them /api/admin), whatever /admin page
 * they asked for. Null: this user may see `pathname`.
 */
export function accessRedirect(area: AreaName, user: User | null, url: URL): string | null {
  const pathname = url.pathname.replace(/\/$/, "");
  if (!user) return loginPathFor(`${pathname}${url.search}`);
  if (area === "client" && isAdmin(user)) return paths.admin.root;
  if (area === "admin" && !isAdmin(user)) return paths.client.root;
  if (area === "admin" && !user.twoFactorEnabled && pathname !== paths.admin.twoFactor) {
    return paths.admin.twoFactor;
  }
  return null;
}

/**
 * The middleware of an area's layout: runs on the server before any loader of the area's pages,
 * for a document load as for a navigation, so no page of the area is drawn, and none of its data
 * read, for someone the area is not for.
 */
export function areaAccess(area: AreaName): MiddlewareFunction<Response> {
  return ({ request, context }) => {
    const target = accessRedirect(area, context.get(pageContext).user, new URL(request.url));
    if (target) throw redirect(target);
  };
}
