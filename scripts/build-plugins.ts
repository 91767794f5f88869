// The Vite plugins that finish each browser build's pages, once its chunks are written
// (closeBundle). They read what the build wrote (manifests, React Router's prerendered HTML) from
// build/web/client, as the rest of the build does: see "How a page is made" in
// docs/architecture.md.
import type { Plugin } from "vite";
import { writeAreaPages } from "./areas-html";
import { writeIslandPages } from "./islands-html";
import { precompress } from "./precompress";
import { paintFirstPages } from "./react-router-html";

function finishing(name: string, outDir: string, finish: () => string[]): Plugin {
  return {
    name,
    apply: "build",
    async closeBundle(error) {
      if (error) return;
      for (const line of finish()) console.log(`${name} : ${line}`);
      console.log(`${name} : precompress ${await precompress(outDir)}`);
    },
  };
}

/**
 * The public islands' build (vite.islands.config.ts, after `react-router build`): the four public
 * pages become static pages with islands, React Router's other page (404) paints before its
 * JavaScript, and every file is compressed.
 */
export function publicPages(outDir: string): Plugin {
  return finishing("public-pages", outDir, () => [
    ...writeIslandPages(outDir, "public"),
    `${paintFirstPages(outDir)} pages de React Router peignent avant leur JavaScript`,
  ]);
}

/** The sign-in islands' build (vite.sign-in.config.ts): the four sign-in pages, then compression. */
export function signInPages(outDir: string): Plugin {
  return finishing("sign-in-pages", outDir, () => writeIslandPages(outDir, "sign-in"));
}

/** The areas' build (vite.areas.config.ts): one page per area route, then compression. */
export function areaPages(outDir: string): Plugin {
  return finishing("area-pages", outDir, () => [writeAreaPages(outDir)]);
}
