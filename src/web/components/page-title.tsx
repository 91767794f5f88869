import { type ReactNode, useEffect } from "react";
import { documentTitle } from "./document-title";

type PageTitleProps = {
  /** The visible heading (h1) and the start of the browser tab's title. */
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** The tab title when it should differ from the heading. */
  documentTitle?: string;
};

/**
 * A page's h1, with an optional description and actions. It also sets the browser tab's title
 * for the client-rendered areas (prerendered pages set theirs through their route's meta).
 */
export function PageTitle({
  title,
  description,
  actions,
  documentTitle: tabTitle,
}: PageTitleProps) {
  const fullTitle = documentTitle(tabTitle ?? title);
  useEffect(() => {
    document.title = fullTitle;
  }, [fullTitle]);
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {description ? <div className="mt-1.5 text-slate-600">{description}</div> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
