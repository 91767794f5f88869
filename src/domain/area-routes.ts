// The pages of the signed-in areas (client and admin), declared once for the two sides that need
// them: the browser app of the areas (src/web/areas/), which renders them, and the server, which
// answers each of these paths with the areas' page naming that route's modules
// (scripts/areas-html.ts builds one per route). A path outside this table is not an area page:
// the server answers it like any other unknown path, and the areas app leaves for it with a
// document load (src/web/areas/leave-app.tsx).

export type AreaName = "client" | "admin";

export type AreaRoute = {
  /** Also the name of the route's HTML page in the build (areaPageFile). */
  id: string;
  area: AreaName;
  /** React Router pattern, absolute: "/client/prets/:loanId". */
  path: string;
  /** The page's module, relative to src/web (the key of the build's manifest, minus `src/web/`). */
  page: string;
  /**
   * The GETs the page makes first when its address has no query string, `:param` taken from the
   * path (a request number: a URL whose parameter is not one is not asked for). The page's
   * HTML starts them with the session's, before any JavaScript
   * (shell/boot-script.ts), and the API client takes their answers. They must be the exact URLs
   * the page asks for: the journeys check that each is asked for once only.
   */
  firstData: readonly string[];
  /**
   * The page's heading when it does not depend on data (areaHeadings): its HTML paints it at
   * once, in the place and the style the page will show it (shell/area-frame-skeleton.tsx), so
   * the reader sees where they are before any JavaScript, and nothing moves when the page comes.
   */
  heading?: AreaHeading;
};

export type AreaHeading = { title: string; description?: string };

/** The headings of the pages that show the same whatever the data (PageTitle's props). */
export const areaHeadings = {
  clientNewLoan: {
    title: "Demander un prêt",
    description: "Deux étapes : les informations du prêt, puis les documents justificatifs.",
  },
  clientDocuments: {
    title: "Mes documents",
    description: "Vos pièces justificatives, visibles de vous et de nos conseillers.",
  },
  clientProfile: {
    title: "Mon profil",
    description:
      "Vos coordonnées, vos notifications, votre mot de passe, vos sessions, la double authentification et vos données.",
  },
  adminClients: { title: "Clients", description: "Les clients inscrits sur la plateforme." },
  adminMessages: {
    title: "Messages",
    description: "Les messages envoyés par le formulaire de contact du site.",
  },
} as const satisfies Record<string, AreaHeading>;

/** `page`: the file name in features/<area>/pages/. */
function route(
  id: string,
  area: AreaName,
  path: string,
  page: string,
  firstData: readonly string[] = [],
  options: { sidebar?: boolean; heading?: AreaHeading } = {},
): AreaRoute {
  // Every officers' page shows the unread messages' count in its sidebar (not the enrolment
  // page: an officer without a second factor sees it without a sidebar, and /api/admin is shut).
  const withCount = area === "admin" && options.sidebar !== false;
  const data = withCount ? ["/api/admin/messages/unread-count", ...firstData] : firstData;
  return {
    id,
    area,
    path,
    page: `features/${area}/pages/${page}`,
    firstData: data,
    heading: options.heading,
  };
}

export const areaRoutes: readonly AreaRoute[] = [
  route("client", "client", "/client", "dashboard-page.tsx", [
    "/api/loans?status=info_requested&page=1&pageSize=100",
    "/api/loans?page=1&pageSize=5",
    "/api/documents?page=1&pageSize=5",
  ]),
  route("client-new-loan", "client", "/client/demande-pret", "new-loan-page.tsx", [], {
    heading: areaHeadings.clientNewLoan,
  }),
  route("client-loans", "client", "/client/prets", "loans-page.tsx"),
  route("client-loan", "client", "/client/prets/:loanId", "loan-page.tsx", ["/api/loans/:loanId"]),
  route(
    "client-documents",
    "client",
    "/client/documents",
    "documents-page.tsx",
    ["/api/documents?page=1&pageSize=20"],
    { heading: areaHeadings.clientDocuments },
  ),
  route("client-profile", "client", "/client/profil", "profile-page.tsx", ["/api/me"], {
    heading: areaHeadings.clientProfile,
  }),
  route("admin", "admin", "/admin", "dashboard-page.tsx", [
    "/api/admin/stats",
    "/api/admin/stats/monthly",
  ]),
  route("admin-loans", "admin", "/admin/prets", "loans-page.tsx", [
    "/api/admin/loans?page=1&pageSize=10",
  ]),
  route("admin-loan", "admin", "/admin/prets/:loanId", "loan-page.tsx", [
    "/api/admin/loans/:loanId",
  ]),
  route(
    "admin-clients",
    "admin",
    "/admin/clients",
    "clients-page.tsx",
    ["/api/admin/clients?page=1&pageSize=10"],
    { heading: areaHeadings.adminClients },
  ),
  route("admin-client", "admin", "/admin/clients/:clientId", "client-page.tsx"),
  route("admin-messages", "admin", "/admin/messages", "messages-page.tsx", [], {
    heading: areaHeadings.adminMessages,
  }),
  route("admin-journal", "admin", "/admin/journal", "journal-page.tsx", [
    "/api/admin/security-events?page=1&pageSize=50",
  ]),
  route("admin-settings", "admin", "/admin/parametres", "settings-page.tsx"),
  // Where an officer without a second factor is sent, whatever /admin page they asked for.
  route("admin-two-factor", "admin", "/admin/double-authentification", "two-factor-page.tsx", [], {
    sidebar: false,
  }),
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

/** The route's HTML page in the browser build, written by scripts/areas-html.ts. */
export function areaPageFile(route: Pick<AreaRoute, "id">): string {
  return `__areas/${route.id}.html`;
}
