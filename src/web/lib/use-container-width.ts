import { useLayoutEffect, useState } from "react";

/**
 * The width of an element, kept up to date: a list shows a table where its own box is wide enough
 * for one, whatever the sidebar takes, and cards elsewhere (a container query that can choose what
 * to render, so each control exists once in the page). Measured before the first paint; null
 * until then.
 *
 * The ref is a callback: when the measured element is replaced (cards -> table), the new one is
 * observed. An observed element that leaves the page reports a width of 0, which would otherwise
 * flip the view back and leave the new element unobserved.
 */
export function useContainerWidth<T extends HTMLElement>() {
  const [element, setElement] = useState<T | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => {
      if (entry?.target.isConnected) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width] as const;
}
