import type { ComponentType } from "react";
import type { IslandName, IslandProps } from "./names";

/**
 * A part of a public page that the browser hydrates on its own (an island, see main.tsx): renders
 * `component` with `props` inside a marked element. React Router prerenders it at build time; the
 * islands script then hydrates the element with the same component and the props written here.
 * Inside the React Router app (auth pages) it is only a wrapper. `display: contents`: the wrapper
 * adds no box, so the component keeps its place in the layout (the sticky header, the hero grid).
 */
export function Island<Name extends IslandName>({
  name,
  component: Component,
  props,
}: {
  name: Name;
  /** The same component as the island's module hydrates (`<name>.island.tsx`). */
  component: ComponentType<IslandProps[Name]>;
  props: IslandProps[Name];
}) {
  return (
    <div className="contents" data-island={name} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
