import { type ReactNode, startTransition, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import type { IslandModule, IslandName, IslandProps } from "./names";

/** Marks the island once hydrated (data-hydrated): journeys wait for it. Renders no element. */
function Hydrated({ element, children }: { element: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    element.dataset.hydrated = "true";
  }, [element]);
  return children;
}

/** Hydrates one island's element, in a root of its own, with the props the page carries. */
export function hydrateIsland<Name extends IslandName>(
  name: Name,
  element: HTMLElement,
  island: IslandModule<Name>,
) {
  const props = JSON.parse(element.dataset.props ?? "{}") as IslandProps[Name];
  const Component = island.component;
  const finalProps = island.beforeHydrate ? island.beforeHydrate(element, props) : props;
  // In a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread (a tap meanwhile is handled first: React hydrates that part at once).
  startTransition(() => {
    hydrateRoot(
      element,
      <Hydrated element={element}>
        <Component {...finalProps} />
      </Hydrated>,
      {
        // A mismatch would mean the island renders differently from the prerendered page: say so.
        onRecoverableError(error) {
          console.error(`Îlot « ${name} » :`, error);
        },
      },
    );
  });
}
