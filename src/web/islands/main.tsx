// The only script of the four public pages (/, /a-propos, /services, /contact). They are
// prerendered by React Router, then scripts/islands-html.ts removes React Router's scripts from
// them and loads this one instead: it hydrates, with React alone, the parts of the page that
// react (marked by <Island>), each in a root of its own. The rest of the page is plain HTML, and
// the links between pages are plain links. Each island's code is a separate chunk, imported only
// by the pages that show it (the contact form's zod and react-hook-form stay on /contact).
// See docs/decisions/2026-11-22-public-islands.md.
import { type ReactNode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import type { IslandModule, IslandName, IslandProps } from "./names";

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

/** Marks the island once hydrated (data-hydrated): journeys wait for it. Renders no element. */
function Hydrated({ element, children }: { element: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    element.dataset.hydrated = "true";
  }, [element]);
  return children;
}

async function hydrateIsland<Name extends IslandName>(name: Name, element: HTMLElement) {
  const props = JSON.parse(element.dataset.props ?? "{}") as IslandProps[Name];
  const { island } = await islands[name]();
  const Component = island.component;
  const finalProps = island.beforeHydrate ? island.beforeHydrate(element, props) : props;
  const tree = (
    <Hydrated element={element}>
      <Component {...finalProps} />
    </Hydrated>
  );
  hydrateRoot(element, tree, {
    // A mismatch would mean the island renders differently from the prerendered page: say so.
    onRecoverableError(error) {
      console.error(`Îlot « ${name} » :`, error);
    },
  });
}

for (const element of document.querySelectorAll<HTMLElement>("[data-island]")) {
  const name = element.dataset.island;
  if (!isIslandName(name)) {
    console.error(`Îlot inconnu : ${name}`);
    continue;
  }
  hydrateIsland(name, element).catch((error: unknown) => {
    console.error(`Îlot « ${name} » non hydraté :`, error);
  });
}
