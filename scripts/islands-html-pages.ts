// The prerendered pages that scripts/islands-html.ts turns into static pages with islands.
/**
 * The public pages and the sign-in pages, with their prerendered files. A sign-in page keeps its
 * stylesheet as a file (cached for the areas' pages that follow) and gets the boot script
 * (src/web/shell/boot-script.ts: the session asked for by the HTML, a form sent before the
 * JavaScript came held until its island is live).
 */
export const islandPages = [
  { path: "/", file: "index.html", kind: "public" },
  { path: "/a-propos", file: "a-propos/index.html", kind: "public" },
  { path: "/services", file: "services/index.html", kind: "public" },
  { path: "/contact", file: "contact/index.html", kind: "public" },
  { path: "/auth/login", file: "auth/login/index.html", kind: "sign-in" },
  { path: "/auth/register", file: "auth/register/index.html", kind: "sign-in" },
  { path: "/auth/reset-password", file: "auth/reset-password/index.html", kind: "sign-in" },
  { path: "/reset-password", file: "reset-password/index.html", kind: "sign-in" },
] as const;

export type IslandPage = (typeof islandPages)[number];

/**
 * Each set of island pages is its own build (vite.islands.config.ts): its script, its chunks'
 * prefix in build/web/client/assets and its manifest (under build/web/client).
 */
export const islandSets = {
  public: {
    entry: "src/web/islands/main.tsx",
    prefix: "islands",
    manifest: ".vite/islands-manifest.json",
  },
  "sign-in": {
    entry: "src/web/islands/sign-in.tsx",
    prefix: "sign-in",
    manifest: ".vite/sign-in-manifest.json",
  },
} as const;
