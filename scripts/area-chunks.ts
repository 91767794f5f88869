// How the browser's code is cut into files. Left to Rollup alone, route-level splitting makes a
// file for every set of pages that share a module: 20 to 35 files before a page can be used, most
// under 4 KiB, each a request a slow phone makes (and that Lighthouse's simulated network waits
// for before the first paint). Here, what a whole part of the app loads goes into one file:
// - "shell": what every page with scripts loads (the client entry and root.tsx, with React and
//   React Router);
// - "sign-in", "client-area", "officers-area": what the public and sign-in pages, the client's
//   pages and the officers' pages load besides it: the modules two pages of a part share (or
//   its layout loads), in one file; a module one page alone uses stays in that page's file.
// What is loaded on demand
// (`import()`) stays on demand: only modules reached by static imports are grouped. The budgets
// test (src/web/budgets.build.test.ts) checks that no officers' module reaches another page.
import { basename } from "node:path";
import type { GetModuleInfo } from "rollup";

const groups: [name: string, from: RegExp][] = [
  ["shell", /\/src\/web\/(entry\.client|root)\.tsx$/],
  ["sign-in", /\/src\/web\/features\/(public|auth)\/(pages\/[^/]+|public-layout)\.tsx$/],
  ["client-area", /\/src\/web\/features\/client\/(pages\/[^/]+|client-layout)\.tsx$/],
  ["officers-area", /\/src\/web\/features\/admin\/(pages\/[^/]+|admin-layout)\.tsx$/],
];

let chunkOf: Map<string, string> | undefined;

/** The modules reached by static imports from `id`, but those already in a group. */
function staticClosure(getModuleInfo: GetModuleInfo, id: string, taken: Map<string, string>) {
  const reached = new Set<string>();
  const pending = [id];
  while (pending.length > 0) {
    const next = pending.pop() as string;
    if (reached.has(next) || taken.has(next)) continue;
    reached.add(next);
    pending.push(...(getModuleInfo(next)?.importedIds ?? []));
  }
  return reached;
}

/**
 * Each group takes the modules that two of its starting modules reach (or its layout, or the
 * shell's entry), in the groups' order. A module one page alone reaches goes with that page, by
 * name: left unnamed, Rollup could put it in a group's file that holds what it imports, and a
 * sign-in page would load the officers' file for one module.
 */
function groupModules(getModuleInfo: GetModuleInfo, ids: Iterable<string>): Map<string, string> {
  const assigned = new Map<string, string>();
  const all = [...ids];
  for (const [name, from] of groups) {
    const reachedBy = new Map<string, { count: number; start: string }>();
    for (const start of all.filter((id) => from.test(id))) {
      const weight = /\/pages\//.test(start) ? 1 : 2;
      for (const id of staticClosure(getModuleInfo, start, assigned)) {
        reachedBy.set(id, { count: (reachedBy.get(id)?.count ?? 0) + weight, start });
      }
    }
    for (const [id, { count, start }] of reachedBy) {
      assigned.set(id, count >= 2 ? name : `${name}-${basename(start, ".tsx")}`);
    }
  }
  return assigned;
}

/** Rollup's `manualChunks` for the browser build. */
export function areaChunks(
  id: string,
  {
    getModuleIds,
    getModuleInfo,
  }: { getModuleIds: () => IterableIterator<string>; getModuleInfo: GetModuleInfo },
): string | undefined {
  chunkOf ??= groupModules(getModuleInfo, getModuleIds());
  return chunkOf.get(id);
}
