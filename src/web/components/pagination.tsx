import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { cx } from "./class-names";

export type PageListItem = number | "ellipsis";

/**
 * The page buttons to show (spec, section 9): the first page, the last page, the current page and
 * one page each side of it, with an ellipsis wherever pages are left out between them.
 * pageList(5, 10) -> [1, "ellipsis", 4, 5, 6, "ellipsis", 10]
 */
export function pageList(current: number, count: number): PageListItem[] {
  if (count < 1) return [];
  const page = Math.min(Math.max(1, current), count);
  const shown = [...new Set([1, page - 1, page, page + 1, count])]
    .filter((number) => number >= 1 && number <= count)
    .sort((a, b) => a - b);
  const items: PageListItem[] = [];
  for (const number of shown) {
    const previous = items.at(-1);
    if (typeof previous === "number" && number - previous > 1) items.push("ellipsis");
    items.push(number);
  }
  return items;
}

/** The page number in `?page=`: a whole number from 1, else the first page. */
export function readPageParam(value: string | null): number {
  if (!value || !/^\d{1,7}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}

/** `pathname` with the same search parameters and `page` set (page 1 is left out of the URL). */
export function withPageParam(pathname: string, params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete("page");
  else next.set("page", String(page));
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The address of each page of the list on screen: the current address with `?page=` set. */
export function usePageLinks(): (page: number) => string {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  return (target: number) => withPageParam(pathname, params, target);
}

const itemClasses =
  "inline-flex min-h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-2.5 text-sm font-medium";

function Step({ to, disabled, children }: { to: string; disabled: boolean; children: ReactNode }) {
  if (disabled) {
    return (
      <span
        aria-disabled="true"
        className={cx(itemClasses, "border border-slate-200 bg-white text-slate-400")}
      >
        {children}
      </span>
    );
  }
  return (
    <Link
      to={to}
      className={cx(
        itemClasses,
        "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
      )}
    >
      {children}
    </Link>
  );
}

type PaginationProps = {
  page: number;
  pageCount: number;
  /** The link of a page, usually built with `withPageParam`: the page lives in the URL. */
  hrefFor: (page: number) => string;
  className?: string;
};

/** Page links under a list; nothing when everything fits on one page. */
export function Pagination({ page, pageCount, hrefFor, className }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="Pagination" className={cx("mt-4", className)}>
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          <Step to={hrefFor(page - 1)} disabled={page <= 1}>
            <ChevronLeft aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">Précédent</span>
          </Step>
        </li>
        {pageList(page, pageCount).map((item, index) =>
          item === "ellipsis" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: an ellipsis has no identity of its own.
            <li key={`ellipsis-${index}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                to={hrefFor(item)}
                aria-current={item === page ? "page" : undefined}
                className={cx(
                  itemClasses,
                  item === page
                    ? "bg-brand-700 text-white"
                    : "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
                )}
              >
                <span className="sr-only">Page </span>
                {item}
              </Link>
            </li>
          ),
        )}
        <li>
          <Step to={hrefFor(page + 1)} disabled={page >= pageCount}>
            <span className="sr-only sm:not-sr-only">Suivant</span>
            <ChevronRight aria-hidden="true" className="size-4" />
          </Step>
        </li>
      </ul>
    </nav>
  );
}
