import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { type ChunkModules, chunkModulesFile } from "../../scripts/chunk-modules";

// The JavaScript each page loads before it can be used, from the build's own manifests (React
// Router's: the modules of each route and what they import; chunk-modules.json: the source
// modules each chunk holds), gzipped as the server sends it. Run after `npm run build`
// (`npm run test:build`, part of `npm test`).
//
// Budgets (DESIGN.md, "Speed"): a page of the client area or a sign-in page at most 165 KiB (React
// and the framework's runtime included), an officers' page at most 200 KiB; no officers' module
// (src/web/features/admin/) in a chunk that a client's, a sign-in or a public page loads.

const root = join(import.meta.dirname, "..", "..");
const clientDir = join(root, "build", "web", "client");
const serverBuildFile = join(root, "build", "web", "server", "index.js");

type Kind = "public" | "sign-in" | "client" | "officers";
const budgetsKiB: Record<Kind, number> = {
  public: 165,
  "sign-in": 165,
  client: 165,
  officers: 200,
};

/** Whose page a route is, from its route chain. */
function kindOf(ids: string[]): Kind {
  if (ids.includes("admin")) return "officers";
  if (ids.includes("client")) return "client";
  if (ids.some((id) => id.startsWith("features/auth/"))) return "sign-in";
  return "public";
}

/** A module the officers' pages alone may load. */
const isOfficersModule = (module: string) => module.startsWith("src/web/features/admin/");

type PageLoad = {
  /** The page's address pattern, e.g. "/client/prets/:loanId". */
  path: string;
  kind: Kind;
  files: string[];
};

let pages: PageLoad[] = [];
let chunks: ChunkModules = {};
const gzipped = new Map<string, number>();

function gzipSize(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length;
    gzipped.set(file, size);
  }
  return size;
}

beforeAll(async () => {
  if (!existsSync(serverBuildFile)) {
    throw new Error("Lancez `npm run build` avant les tests du build (npm run test:build).");
  }
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  chunks = JSON.parse(readFileSync(join(root, chunkModulesFile), "utf8")) as ChunkModules;
  const { routes, entry } = build.assets;
  const parents = new Set(Object.values(routes).map((route) => route?.parentId));
  pages = Object.values(routes)
    .filter((route) => route !== undefined && !parents.has(route.id))
    .map((route) => {
      const chain: string[] = [];
      for (let at = route?.id; at; at = routes[at]?.parentId) chain.unshift(at);
      const files = new Set<string>([entry.module, ...entry.imports]);
      const segments: string[] = [];
      for (const id of chain) {
        const step = routes[id];
        if (!step) continue;
        if (step.path) segments.push(step.path);
        for (const file of [step.module, ...(step.imports ?? [])]) files.add(file);
      }
      return {
        path: `/${segments.join("/")}`,
        kind: kindOf(chain),
        files: [...files].map((file) => file.replace(/^\//, "")),
      };
    });
});

/** The largest source modules among a page's files, for a failure's message. */
function largestModules(files: string[], count = 8): string {
  const modules = files.flatMap((file) =>
    Object.entries(chunks[file] ?? {}).map(([module, size]) => ({ module, size, file })),
  );
  return modules
    .sort((a, b) => b.size - a.size)
    .slice(0, count)
    .map(({ module, size, file }) => `  ${(size / 1024).toFixed(1)} KiB ${module} (${file})`)
    .join("\n");
}

describe("JavaScript budgets of the pages", () => {
  it("covers every page of the route table", () => {
    const paths = pages.map((page) => page.path);
    for (const path of ["/", "/auth/login", "/client", "/client/prets/:loanId", "/admin/prets"]) {
      expect(paths).toContain(path);
    }
  });

  it("each page's JavaScript before interaction, gzipped, is under its budget", () => {
    const over = pages.flatMap((page) => {
      const total = page.files.reduce((sum, file) => sum + gzipSize(file), 0) / 1024;
      const budget = budgetsKiB[page.kind];
      if (total <= budget) return [];
      return [
        `${page.path} (${page.kind}) : ${total.toFixed(1)} KiB > ${budget} KiB ; ses plus gros modules :\n${largestModules(page.files)}`,
      ];
    });
    expect(over, over.join("\n")).toEqual([]);
  });

  it("no officers' module is in a chunk a client's, a sign-in or a public page loads", () => {
    const leaks = pages
      .filter((page) => page.kind !== "officers")
      .flatMap((page) =>
        page.files.flatMap((file) =>
          Object.keys(chunks[file] ?? {})
            .filter(isOfficersModule)
            .map((module) => `${page.path} charge ${module} (dans ${file})`),
        ),
      );
    expect(leaks, leaks.join("\n")).toEqual([]);
  });
});
