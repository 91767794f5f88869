import { useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { typedBeforeStart } from "./typed-before-start";

/** How long a search box waits after the last key before asking the server. */
export const searchDebounceMs = 300;

/**
 * A search box's text, sent on once typing pauses. `committed` is the search in force (the URL's
 * `q`): when it changes from elsewhere (back button, a shared link) the box follows it.
 *
 * A search that settles while another page is loading (a click on a row just after typing) is
 * dropped: sending it would rewrite this page's URL and pull the user back here.
 *
 * `typedRef`, given to the box, takes what was typed in it before the app started (a page drawn
 * by the server): that search is then sent as if typed now.
 */
export function useDebouncedSearch(committed: string, onSearch: (term: string) => void) {
  const [draft, setDraft] = useState(committed);
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;

  // Follows a change of the search in force made elsewhere; not on the first mount, where the box
  // may hold a search typed before the app started (typedRef). Nor when the search that lands is
  // the one this box sent: the box may already hold what was typed since, which stays.
  const followed = useRef(committed);
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (followed.current === committed) return;
    followed.current = committed;
    if (sent.current === committed) return;
    setDraft((current) => (current.trim() === committed ? current : committed));
  }, [committed]);

  useEffect(() => {
    if (draft.trim() === committed) return;
    const timer = setTimeout(() => {
      // The address bar changes as soon as a link is followed, while this page stays on screen
      // until the next one's code has come.
      const leaving = window.location.pathname !== pathnameRef.current;
      if (leaving) return;
      sent.current = draft.trim();
      onSearchRef.current(draft.trim());
    }, searchDebounceMs);
    return () => clearTimeout(timer);
  }, [draft, committed]);

  const typedRef = useCallback((element: HTMLInputElement | null) => {
    const typed = typedBeforeStart(element);
    if (typeof typed === "string") setDraft(typed);
  }, []);

  return [draft, setDraft, typedRef] as const;
}
