import { useCallback, useSyncExternalStore } from "react";

/** Wide enough for tables: Tailwind's `md` breakpoint (48rem). */
export const wideScreenQuery = "(min-width: 48rem)";

/**
 * Whether a CSS media query matches, kept up to date. Lists render either their table or their
 * cards, never both, so each control exists once in the page.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
