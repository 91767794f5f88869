// The four public pages that scripts/islands-html.ts turns into static pages with islands.
/** The public pages and their prerendered files. */
export const islandPages = [
  { path: "/", file: "index.html" },
  { path: "/a-propos", file: "a-propos/index.html" },
  { path: "/services", file: "services/index.html" },
  { path: "/contact", file: "contact/index.html" },
] as const;
