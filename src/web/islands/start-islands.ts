// What the islands scripts share (main.tsx for the public pages, sign-in.tsx for the sign-in
// pages; each is the only script of its pages and inlines this module in its own build): once the
// page has painted its first frame, React, the hydration code and the page's islands are fetched
// in one wave and each marked element is hydrated in a root of its own. This module does not
// import React: on a slow network those bytes then do not compete with the HTML and CSS of the
// first paint, and on a slow phone running them does not hold that paint back.
import { carriedToastsKey } from "../components/toast";
import type { IslandModule, IslandName } from "./names";

/**
 * The islands a script hydrates, each imported on demand from its module `<name>.island.tsx`
 * (scripts/islands-html.ts finds each island's chunks in the build by that path).
 */
export type IslandImports = {
  [Name in IslandName]?: () => Promise<{ island: IslandModule<Name> }>;
};

/**
 * Resolves once the browser has shown the page's first content: the paint timing entry comes
 * when that frame is on screen (a requestAnimationFrame callback would come just before it).
 * Without paint timing (hidden tab, old browser), after at most a second.
 */
function afterFirstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 1000);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    if (!("PerformanceObserver" in window)) return;
    if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return;
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName("first-contentful-paint").length) return;
      observer.disconnect();
      done();
    });
    observer.observe({ type: "paint", buffered: true });
  });
}

async function hydrateAll(islands: IslandImports) {
  const elements = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  if (elements.length === 0) return;
  await afterFirstContentfulPaint();
  // React and every island of the page are fetched at once (one round trip on a slow network).
  const hydration = import("./hydrate");
  await Promise.all(
    elements.map(async (element) => {
      const name = element.dataset.island as IslandName | undefined;
      const load = name && Object.hasOwn(islands, name) ? islands[name] : undefined;
      if (!name || !load) throw new Error(`Îlot inconnu : ${name}`);
      const [{ hydrateIsland }, { island }] = await Promise.all([hydration, load()]);
      hydrateIsland(name, element, island as IslandModule<typeof name>);
    }),
  );
}

/**
 * Frames written with data-src (the contact page's maps) start loading once the page has
 * painted: a third-party frame in view would otherwise compete with the page's own first paint.
 */
async function startDeferredFrames() {
  const frames = [...document.querySelectorAll<HTMLIFrameElement>("iframe[data-src]")];
  if (frames.length === 0) return;
  await afterFirstContentfulPaint();
  for (const frame of frames) frame.src = frame.dataset.src ?? "";
}

/**
 * A toast a signed-in page carried here ("Votre compte a été fermé"): these pages have no toast
 * area until one is asked for, so it is mounted after the first paint to show it.
 */
async function showCarriedToasts() {
  let carried = false;
  try {
    carried = sessionStorage.getItem(carriedToastsKey) !== null;
  } catch {
    // Storage refused (private mode): nothing was carried.
  }
  if (!carried) return;
  await afterFirstContentfulPaint();
  const { mountToastArea } = await import("./toast-root");
  mountToastArea();
}

/** What an islands script does on its page (main.tsx, sign-in.tsx): everything after the paint. */
export function startIslands(islands: IslandImports): void {
  void startDeferredFrames();
  void showCarriedToasts().catch((error: unknown) => {
    console.error("Notifications non affichées :", error);
  });
  hydrateAll(islands).catch((error: unknown) => {
    console.error("Îlots non hydratés :", error);
  });
}
