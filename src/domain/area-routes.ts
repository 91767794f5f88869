// The pages of the signed-in areas (client and admin), declared once for the two sides that need
// them: the browser app of the areas (src/web/areas/), which renders them, and the server, which
// answers each of these paths with the areas' page naming that route's modules
// (scripts/areas-html.ts builds one per route). A path outside this table is not an area page:
// the server answers it like any other unknown path, and the areas app leaves for it with a
// document load (src/web/areas/leave-app.tsx).

export type AreaName = "client" | "admin";

export type AreaRoute = {
  /** Also the name of the route's HTML page in the build (`__areas/<id>.html`). */
  id: string;
  area: AreaName;
  /** React Router pattern, absolute: "/client/prets/:loanId". */
  path: string;
  /** The page's module, relative to src/web (the key of the build's manifest, minus `src/web/`). */
  page: string;
};

/** `page`: the file name in features/<area>/pages/. */
function route(id: string, area: AreaName, path: string, page: string): AreaRoute {
  return { id, area, path, page: `features/${area}/pages/${page}` };
}

export const areaRoutes: readonly AreaRoute[] = [
  route("client", "client", "/client", "dashboard-page.tsx"),
  route("client-new-loan", "client", "/client/demande-pret", "new-loan-page.tsx"),
  route("client-loans", "client", "/client/prets", "loans-page.tsx"),
  route("client-loan", "client", "/client/prets/:loanId", "loan-page.tsx"),
  route("client-documents", "client", "/client/documents", "documents-page.tsx"),
  route("client-profile", "client", "/client/profil", "profile-page.tsx"),
  route("admin", "admin", "/admin", "dashboard-page.tsx"),
  route("admin-loans", "admin", "/admin/prets", "loans-page.tsx"),
  route("admin-loan", "admin", "/admin/prets/:loanId", "loan-page.tsx"),
  route("admin-clients", "admin", "/admin/clients", "clients-page.tsx"),
  route("admin-client", "admin", "/admin/clients/:clientId", "client-page.tsx"),
  route("admin-messages", "admin", "/admin/messages", "messages-page.tsx"),
  route("admin-settings", "admin", "/admin/parametres", "settings-page.tsx"),
];

function segments(path: string): string[] {
  return path.split("/").filter(Boolean);
}

/**
 * The area route that renders `pathname`, or undefined. Matches as React Router does for these
 * patterns: one segment per `:param` (never empty), a trailing slash ignored, static segments
 * compared as they are (the browser sends them percent-encoded, and ours are ASCII).
 */
export function matchAreaRoute(pathname: string): AreaRoute | undefined {
  const path = segments(pathname);
  return areaRoutes.find((route) => {
    const pattern = segments(route.path);
    return (
      pattern.length === path.length &&
      pattern.every((segment, i) => segment.startsWith(":") || segment === path[i])
    );
  });
}
