// The only script of the four public pages (/, /a-propos, /services, /contact). They are
// prerendered by React Router, then scripts/islands-html.ts removes React Router's scripts from
// them and loads this one instead: it hydrates, with React alone, the parts of the page that
// react (marked by <Island>), each in a root of its own. The rest of the page is plain HTML, and
// the links between pages are plain links. Each island's code is a separate chunk, imported only
// by the pages that show it (the contact form's zod and react-hook-form stay on /contact).
// See docs/decisions/2026-11-22-public-islands.md.
//
// This module itself is tiny and does not import React: React and the islands are fetched and
// run once the page has painted its first frame. On a slow network their bytes then do not
// compete with the HTML and CSS of the first paint, and on a slow phone running them does not
// hold that paint back: the content, already in the HTML, shows first; the menu, the simulator
// and the form react a moment later (the contact form's button stays disabled until then).
import { carriedToastsKey } from "../components/toast";
import type { IslandModule, IslandName } from "./names";

// `<name>.island.tsx`: scripts/islands-html.ts finds each island's chunks in the build by that
// path, to preload them from the pages that use them.
const islands: { [Name in IslandName]: () => Promise<{ island: IslandModule<Name> }> } = {
  "site-header": () => import("./site-header.island"),
  "loan-simulator": () => import("./loan-simulator.island"),
  "contact-form": () => import("./contact-form.island"),
};

function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(islands, name);
}

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

async function hydrateAll() {
  const elements = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  if (elements.length === 0) return;
  await afterFirstContentfulPaint();
  // React and every island of the page are fetched at once (one round trip on a slow network).
  const hydration = import("./hydrate");
  await Promise.all(
    elements.map(async (element) => {
      const name = element.dataset.island;
      if (!isIslandName(name)) throw new Error(`Îlot inconnu : ${name}`);
      const [{ hydrateIsland }, { island }] = await Promise.all([hydration, islands[name]()]);
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

void startDeferredFrames();
void showCarriedToasts().catch((error: unknown) => {
  console.error("Notifications non affichées :", error);
});
hydrateAll().catch((error: unknown) => {
  console.error("Îlots non hydratés :", error);
});
