import type { AreaHeading } from "../../domain/area-routes";
import { LogoContent, logoLinkClasses } from "../components/logo";
import { PageTitle } from "../components/page-title";

/**
 * The signed-in areas' frame before the session and the page are known: the header with the
 * firm's mark, and grey blocks where the page will be. It is what the HTML page shows before
 * any JavaScript runs (scripts/areas-html.ts writes it into the areas' pages), and what the
 * area shows while the session loads, so the screen does not jump from one to the other. A page
 * whose heading does not depend on data (src/domain/area-routes.ts) has it painted here already,
 * as the page shows it.
 */
export function AreaFrameSkeleton({ heading }: { heading?: AreaHeading }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <div className="sticky top-0 z-40 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-3 sm:px-5">
        <div className="flex min-w-0 items-center gap-2">
          <span aria-hidden="true" className="size-11 shrink-0 lg:hidden" />
          <span className={logoLinkClasses()}>
            <LogoContent compact />
          </span>
        </div>
      </div>
      <div className="lg:flex lg:min-h-[calc(100vh-4rem)]">
        <div className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block" />
        <div className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto max-w-6xl">
            {heading ? <PageTitle {...heading} /> : null}
            <div role="status">
              <span className="sr-only">Chargement…</span>
              <div aria-hidden="true" className="animate-pulse space-y-4">
                {heading ? null : (
                  <>
                    <div className="h-8 w-64 max-w-full rounded-md bg-slate-200" />
                    <div className="h-4 w-96 max-w-full rounded bg-slate-200" />
                  </>
                )}
                <div className="h-40 rounded-xl bg-white shadow-sm ring-1 ring-slate-200" />
                <div className="h-40 rounded-xl bg-white shadow-sm ring-1 ring-slate-200" />
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
