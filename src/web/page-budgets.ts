import type { ChunkModules } from "../../scripts/chunk-modules";

// The pages' JavaScript budgets, read from React Router's manifest (each route's module and what
// it imports) and chunk-modules.json (the source modules each chunk holds). Pure functions: the
// build test (budgets.build.test.ts) applies them to the real build, the unit test to a made-up one.

export type PageKind = "public" | "sign-in" | "client" | "officers";

/** Budgets (DESIGN.md, "Speed"), KiB of gzipped JavaScript before the page can be used. */
export const budgetsKiB: Record<PageKind, number> = {
  public: 165,
  "sign-in": 165,
  client: 165,
  officers: 200,
};

export type PageLoad = {
  /** The page's address pattern, e.g. "/client/prets/:loanId". */
  path: string;
  kind: PageKind;
  files: string[];
};

type ManifestRoute = {
  id: string;
  parentId?: string;
  path?: string;
  module: string;
  imports?: string[];
};
export type RouteManifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, ManifestRoute | undefined>;
};

/** Whose page a route is, from its route chain. */
function kindOf(ids: string[]): PageKind {
  if (ids.includes("admin")) return "officers";
  if (ids.includes("client")) return "client";
  if (ids.some((id) => id.startsWith("features/auth/"))) return "sign-in";
  return "public";
}

/** A module the officers' pages alone may load. */
export const isOfficersModule = (module: string) => module.startsWith("src/web/features/admin/");

/** Every page (a leaf route) with the files it loads: the entry's and its route chain's. */
export function pageLoads({ entry, routes }: RouteManifest): PageLoad[] {
  const parents = new Set(Object.values(routes).map((route) => route?.parentId));
  return Object.values(routes)
    .filter((route): route is ManifestRoute => route !== undefined && !parents.has(route.id))
    .map((route) => {
      const chain: string[] = [];
      for (let at: string | undefined = route.id; at; at = routes[at]?.parentId) chain.unshift(at);
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
}

/** The largest source modules among a page's files, for a failure's message. */
function largestModules(files: string[], chunks: ChunkModules, count = 8): string {
  const modules = files.flatMap((file) =>
    Object.entries(chunks[file] ?? {}).map(([module, size]) => ({ module, size, file })),
  );
  return modules
    .sort((a, b) => b.size - a.size)
    .slice(0, count)
    .map(({ module, size, file }) => `  ${(size / 1024).toFixed(1)} KiB ${module} (${file})`)
    .join("\n");
}

/** The pages over their budget, each named with its largest modules. */
export function overBudget(
  pages: PageLoad[],
  chunks: ChunkModules,
  gzipBytes: (file: string) => number,
): string[] {
  return pages.flatMap((page) => {
    const total = page.files.reduce((sum, file) => sum + gzipBytes(file), 0) / 1024;
    const budget = budgetsKiB[page.kind];
    if (total <= budget) return [];
    return [
      `${page.path} (${page.kind}) : ${total.toFixed(1)} KiB > ${budget} KiB ; ses plus gros modules :\n${largestModules(page.files, chunks)}`,
    ];
  });
}

/** Each officers' module found in a chunk that a client's, a sign-in or a public page loads. */
export function officersLeaks(pages: PageLoad[], chunks: ChunkModules): string[] {
  return pages
    .filter((page) => page.kind !== "officers")
    .flatMap((page) =>
      page.files.flatMap((file) =>
        Object.keys(chunks[file] ?? {})
          .filter(isOfficersModule)
          .map((module) => `${page.path} charge ${module} (dans ${file})`),
      ),
    );
}
