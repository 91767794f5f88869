import { useCallback, useRef } from "react";
import { useNavigation, useSearchParams } from "react-router";

/**
 * Sets one filter of a list whose filters live in the URL (`?status=…&q=…`); a new filter starts
 * again from the first page. `replace`: not a page to go back to (each key typed in a search).
 *
 * Built from the address the page is going to when a navigation is on its way (its loaders still
 * reading), else from the address as it is now, not as it was at the last render: a search that
 * settles (useDebouncedSearch) just after a choice in a list keeps that choice instead of undoing
 * it, however slow the network.
 */
export function useFilterParam<Key extends string>() {
  const [, setParams] = useSearchParams();
  const navigation = useNavigation();
  const pendingSearch = useRef<string | undefined>(undefined);
  pendingSearch.current = navigation.location?.search;
  return useCallback(
    (key: Key, value: string, replace = false) => {
      const next = new URLSearchParams(pendingSearch.current ?? window.location.search);
      if (value) next.set(key, value);
      else next.delete(key);
      next.delete("page");
      pendingSearch.current = `?${next}`;
      setParams(next, { replace });
    },
    [setParams],
  );
}
