// Writes build/web/chunk-modules.json at the end of the browser build: for each JavaScript chunk,
// the source modules it holds and their size in it. The budgets test (src/web/budgets.test.ts)
// reads it with React Router's manifest to say which modules a page loads before it can be used.
import { mkdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Plugin } from "vite";

/** chunk file name ("assets/x-abc.js") -> module ("src/web/...", "node_modules/...") -> bytes */
export type ChunkModules = Record<string, Record<string, number>>;

export const chunkModulesFile = join("build", "web", "chunk-modules.json");

export function chunkModules(): Plugin {
  let root = process.cwd();
  let ssr = false;
  return {
    name: "chunk-modules",
    apply: "build",
    configResolved(config) {
      root = config.root;
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      if (ssr) return;
      const chunks: ChunkModules = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const modules: Record<string, number> = {};
        for (const [id, info] of Object.entries(output.modules)) {
          if (info.renderedLength === 0) continue;
          const path = id.replace(/^\0/, "").split("?")[0] ?? id;
          const name = path.startsWith(root) ? relative(root, path) : path;
          modules[name] = (modules[name] ?? 0) + info.renderedLength;
        }
        chunks[output.fileName] = modules;
      }
      mkdirSync(join(root, "build", "web"), { recursive: true });
      writeFileSync(join(root, chunkModulesFile), `${JSON.stringify(chunks, null, 1)}\n`);
    },
  };
}
