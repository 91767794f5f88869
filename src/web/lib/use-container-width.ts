import { useLayoutEffect, useRef, useState } from "react";

/**
 * The width of an element, kept up to date: a list shows a table where its own box is wide enough
 * for one, whatever the sidebar takes, and cards elsewhere (a container query that can choose what
 * to render, so each control exists once in the page). Measured before the first paint; null
 * until then.
 */
export function useContainerWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
