import { redirect } from "react-router";
import { type Page, pageCount } from "../../domain/api/page";
import type { SearchQuery } from "../../domain/page-reader";
import { readPageParam, withPageParam } from "../components/pagination";

/**
 * A list's query as the reader takes it (the API's keys): `query` (the filters the page read from
 * its address, the page size) with the address's page, a whole number from 1 (an old or
 * hand-typed `?page=` shows the first page).
 */
export function listQuery(request: Request, query: SearchQuery): SearchQuery {
  const page = readPageParam(new URL(request.url).searchParams.get("page"));
  return { ...query, page: String(page) };
}

/**
 * An address past the last page (the last item of a page was just deleted, or an old link) is
 * sent to the last page; `emptyToo`: an empty list sends page 2 and beyond to the first page.
 */
export function keepPageInRange(
  request: Request,
  answer: Pick<Page<unknown>, "page" | "total" | "pageSize">,
  { emptyToo = false }: { emptyToo?: boolean } = {},
): void {
  const last = pageCount(answer);
  if (answer.page <= last || (answer.total === 0 && !emptyToo)) return;
  const url = new URL(request.url);
  throw redirect(withPageParam(url.pathname, url.searchParams, last));
}
