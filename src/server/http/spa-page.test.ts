import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createSpaPages } from "./spa-page";

// The shape of React Router's manifest, reduced to what the SPA page reads.
const routes = [
  { id: "root", path: "", module: "/assets/root.js", imports: ["/assets/react.js"] },
  { id: "public", parentId: "root", module: "/assets/public.js" },
  { id: "not-found", parentId: "public", path: "*", module: "/assets/not-found.js" },
  {
    id: "client",
    parentId: "root",
    path: "client",
    module: "/assets/client-layout.js",
    imports: ["/assets/shell.js"],
  },
  { id: "client-home", parentId: "client", index: true, module: "/assets/dashboard.js" },
  {
    id: "client-loan",
    parentId: "client",
    path: "prets/:loanId",
    module: "/assets/loan.js",
    imports: ["/assets/shell.js", "/assets/history.js"],
  },
  { id: "client-loans", parentId: "client", path: "prets", module: "/assets/loans.js" },
];
const html = "<html><head></head><body><div>cadre</div></body></html>";

function modulesIn(page: string): string[] {
  const match = /<script type="application\/json" data-module-preload>(.*?)<\/script>/.exec(page);
  return match ? (JSON.parse(match[1] ?? "[]") as string[]) : [];
}

describe("the SPA page names the modules of the route it is served for", () => {
  const spaPage = createSpaPages(html, routes);

  it("an index route: its layout's modules and its own, not the root's", () => {
    expect(modulesIn(spaPage("/client").html)).toEqual([
      "/assets/client-layout.js",
      "/assets/shell.js",
      "/assets/dashboard.js",
    ]);
  });

  it("a path with a parameter, each module once; a static path beside it", () => {
    expect(modulesIn(spaPage("/client/prets/42").html)).toEqual([
      "/assets/client-layout.js",
      "/assets/shell.js",
      "/assets/loan.js",
      "/assets/history.js",
    ]);
    expect(modulesIn(spaPage("/client/prets").html)).toContain("/assets/loans.js");
    expect(modulesIn(spaPage("/client/prets/").html)).toContain("/assets/loans.js");
  });

  it("an unknown path gets the not-found page's modules", () => {
    expect(modulesIn(spaPage("/nulle-part/ici").html)).toEqual([
      "/assets/public.js",
      "/assets/not-found.js",
    ]);
  });

  it("keeps one page per route, with its brotli and gzip encodings", () => {
    expect(spaPage("/client/prets/1")).toBe(spaPage("/client/prets/2"));
    const page = spaPage("/client");
    expect(gunzipSync(page.gzip).toString("utf8")).toBe(page.html);
    expect(page.br.length).toBeGreaterThan(0);
  });

  it("without a manifest, the page is served as built", () => {
    expect(createSpaPages(html, [])("/client").html).toBe(html);
  });
});
