import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { type ChunkModules, chunkModulesFile } from "../../scripts/chunk-modules";
import { officersLeaks, overBudget, type PageLoad, pageLoads } from "./page-budgets";

// The JavaScript each page loads before it can be used, in the real build (page-budgets.ts, whose
// unit test tries the rules on a made-up build), gzipped as the server sends it. Run after
// `npm run build` (`npm run test:build`, part of `npm test`).

const root = join(import.meta.dirname, "..", "..");
const clientDir = join(root, "build", "web", "client");
const serverBuildFile = join(root, "build", "web", "server", "index.js");

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
  pages = pageLoads(build.assets);
});

describe("JavaScript budgets of the pages", () => {
  it("covers every page of the route table", () => {
    const paths = pages.map((page) => page.path);
    for (const path of ["/", "/auth/login", "/client", "/client/prets/:loanId", "/admin/prets"]) {
      expect(paths).toContain(path);
    }
  });

  it("each page's JavaScript before interaction, gzipped, is under its budget", () => {
    const over = overBudget(pages, chunks, gzipSize);
    expect(over, over.join("\n")).toEqual([]);
  });

  it("no officers' module is in a chunk a client's, a sign-in or a public page loads", () => {
    const leaks = officersLeaks(pages, chunks);
    expect(leaks, leaks.join("\n")).toEqual([]);
  });
});
