import { useCallback } from "react";
import { useSearchParams } from "react-router";

/**
 * Sets one filter of a list whose filters live in the URL (`?status=…&q=…`); a new filter starts
 * again from the first page. `replace`: not a page to go back to (each key typed in a search).
 *
 * Built from the address as it is now, not as it was at the last render: a search that settles
 * (useDebouncedSearch) just after a choice in a list keeps that choice instead of undoing it.
 */
export function useFilterParam<Key extends string>() {
  const [, setParams] = useSearchParams();
  return useCallback(
    (key: Key, value: string, replace = false) => {
      const next = new URLSearchParams(window.location.search);
      if (value) next.set(key, value);
      else next.delete(key);
      next.delete("page");
      setParams(next, { replace });
    },
    [setParams],
  );
}
