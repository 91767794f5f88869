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

const clientPages = "features/client/pages";
const adminPages = "features/admin/pages";

export const areaRoutes: readonly AreaRoute[] = [
  { id: "client", area: "client", path: "/client", page: `${clientPages}/dashboard-page.tsx` },
  {
    id: "client-new-loan",
    area: "client",
    path: "/client/demande-pret",
    page: `${clientPages}/new-loan-page.tsx`,
  },
  {
    id: "client-loans",
    area: "client",
    path: "/client/prets",
    page: `${clientPages}/loans-page.tsx`,
  },
  {
    id: "client-loan",
    area: "client",
    path: "/client/prets/:loanId",
    page: `${clientPages}/loan-page.tsx`,
  },
  {
    id: "client-documents",
    area: "client",
    path: "/client/documents",
    page: `${clientPages}/documents-page.tsx`,
  },
  {
    id: "client-profile",
    area: "client",
    path: "/client/profil",
    page: `${clientPages}/profile-page.tsx`,
  },
  { id: "admin", area: "admin", path: "/admin", page: `${adminPages}/dashboard-page.tsx` },
  { id: "admin-loans", area: "admin", path: "/admin/prets", page: `${adminPages}/loans-page.tsx` },
  {
    id: "admin-loan",
    area: "admin",
    path: "/admin/prets/:loanId",
    page: `${adminPages}/loan-page.tsx`,
  },
  {
    id: "admin-clients",
    area: "admin",
    path: "/admin/clients",
    page: `${adminPages}/clients-page.tsx`,
  },
  {
    id: "admin-client",
    area: "admin",
    path: "/admin/clients/:clientId",
    page: `${adminPages}/client-page.tsx`,
  },
  {
    id: "admin-messages",
    area: "admin",
    path: "/admin/messages",
    page: `${adminPages}/messages-page.tsx`,
  },
  {
    id: "admin-settings",
    area: "admin",
    path: "/admin/parametres",
    page: `${adminPages}/settings-page.tsx`,
  },
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
