import { useEffect, useRef, useState } from "react";

/** How long a search box waits after the last key before asking the server. */
export const searchDebounceMs = 300;

/**
 * A search box's text, sent on once typing pauses. `committed` is the search in force (the URL's
 * `q`): when it changes from elsewhere (back button, a shared link) the box follows it.
 */
export function useDebouncedSearch(committed: string, onSearch: (term: string) => void) {
  const [draft, setDraft] = useState(committed);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    setDraft((current) => (current.trim() === committed ? current : committed));
  }, [committed]);

  useEffect(() => {
    if (draft.trim() === committed) return;
    const timer = setTimeout(() => onSearchRef.current(draft.trim()), searchDebounceMs);
    return () => clearTimeout(timer);
  }, [draft, committed]);

  return [draft, setDraft] as const;
}
