import { describe, expect, it } from "vitest";
import { officersLeaks, overBudget, pageLoads, type RouteManifest } from "./page-budgets";

// The budget rules on a made-up build: a client page whose chunk holds an officers' module, and a
// page grown over its budget, are each reported by name.

const manifest: RouteManifest = {
  entry: { module: "/assets/entry.js", imports: ["/assets/react.js"] },
  routes: {
    root: { id: "root", module: "/assets/root.js" },
    client: { id: "client", parentId: "root", path: "client", module: "/assets/client.js" },
    "features/client/pages/loans-page": {
      id: "features/client/pages/loans-page",
      parentId: "client",
      path: "prets",
      module: "/assets/loans-page.js",
      imports: ["/assets/shared.js"],
    },
    admin: { id: "admin", parentId: "root", path: "admin", module: "/assets/admin.js" },
    "features/admin/pages/loans-page": {
      id: "features/admin/pages/loans-page",
      parentId: "admin",
      path: "prets",
      module: "/assets/admin-loans.js",
      imports: ["/assets/shared.js"],
    },
  },
};

describe("page budgets", () => {
  const pages = pageLoads(manifest);

  it("each page loads the entry's files and its route chain's", () => {
    expect(pages.map(({ path, kind }) => ({ path, kind }))).toEqual([
      { path: "/client/prets", kind: "client" },
      { path: "/admin/prets", kind: "officers" },
    ]);
    expect(pages[0]?.files).toEqual([
      "assets/entry.js",
      "assets/react.js",
      "assets/root.js",
      "assets/client.js",
      "assets/loans-page.js",
      "assets/shared.js",
    ]);
  });

  it("an officers' module imported by a client page is reported with the page and the chunk", () => {
    const chunks = {
      "assets/shared.js": { "src/web/components/button.tsx": 900 },
      "assets/admin-loans.js": { "src/web/features/admin/pages/loans-page.tsx": 4000 },
    };
    expect(officersLeaks(pages, chunks)).toEqual([]);
    const leaked = {
      ...chunks,
      "assets/shared.js": {
        ...chunks["assets/shared.js"],
        "src/web/features/admin/status.ts": 300,
      },
    };
    expect(officersLeaks(pages, leaked)).toEqual([
      "/client/prets charge src/web/features/admin/status.ts (dans assets/shared.js)",
    ]);
  });

  it("a page over its budget is named with its largest modules", () => {
    const chunks = { "assets/loans-page.js": { "node_modules/big-chart/index.js": 150_000 } };
    const sizes: Record<string, number> = { "assets/loans-page.js": 170 * 1024 };
    const over = overBudget(pages, chunks, (file) => sizes[file] ?? 0);
    expect(over).toHaveLength(1);
    expect(over[0]).toMatch(/^\/client\/prets \(client\) : 170\.0 KiB > 165 KiB/);
    expect(over[0]).toContain("146.5 KiB node_modules/big-chart/index.js (assets/loans-page.js)");
  });
});
