import { useMatches } from "react-router";

/**
 * A route whose page needs no JavaScript (`export const handle = staticPage`): the public pages,
 * read on slow phones, are their HTML and stylesheet alone (root.tsx leaves their scripts out);
 * their forms work as the browser sends them, to the route's action or as a query string.
 */
export const staticPage = { static: true } as const;

/** Whether the page being rendered is a static one. */
export function useStaticPage(): boolean {
  return useMatches().some((match) => (match.handle as typeof staticPage | undefined)?.static);
}
