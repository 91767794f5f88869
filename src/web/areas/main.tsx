// The script of the client and admin areas' pages (see areas-app.tsx), started by the page's boot
// script once the areas' frame has painted (scripts/areas-html.ts writes the pages).
import "../lib/zod-jitless";
import { StrictMode, startTransition } from "react";
import { BrowserRouter } from "react-router";
import { areasRootId, renderedStateId } from "../../domain/web-boot";
import { fetchSession } from "../lib/auth/session-api";
import { createQueryClient } from "../lib/query-client";
import type { RenderedState } from "../shell/area-page";
import { AreasApp, preloadAreaPage } from "./areas-app";

const container = document.getElementById(areasRootId);
if (!container) throw new Error(`#${areasRootId} absent de la page`);

/** What the server drew the page with (areas/render-page.tsx), when it drew it. */
function renderedState(): RenderedState | undefined {
  const block = document.getElementById(renderedStateId);
  return block?.textContent ? (JSON.parse(block.textContent) as RenderedState) : undefined;
}

const queryClient = createQueryClient();

// React's renderer (react-dom/client, about half of the page's JavaScript) is a chunk of its own,
// imported here rather than with the rest: the browser evaluates a module and everything it
// imports statically in one task, which held a phone's main thread for a few hundred
// milliseconds. Evaluated apart, each half is a shorter task, with a tap's chance in between. The
// page asks for both at once (scripts/areas-html.ts names the renderer among its modules).
const renderer = import("./renderer");

// A page the server drew with its data is hydrated from the same data once its module is here.
// Otherwise the first render waits for the session and the page's module, both already on their
// way since the HTML (its early answer, its chunk's link): the frame's skeleton is on screen
// meanwhile, so rendering it again would only cost a phone's time, and the page then shows in
// one render. Without the session (offline, an error) the app reads it itself, as it does later.
async function start(root: HTMLElement) {
  const rendered = renderedState();
  // The answers are as old as the drawing, counted on this browser's clock (a phone's may be
  // minutes off the server's): otherwise a read kept fresh for a few seconds (query-client.tsx)
  // would be read again at once, or not for minutes.
  const skew = rendered ? Date.now() - rendered.drawnAt : 0;
  for (const query of rendered?.queries ?? []) {
    const updatedAt = Math.min(query.at + skew, Date.now());
    queryClient.setQueryData(query.key, query.data, { updatedAt });
  }
  const [session, { createRoot, hydrateRoot }] = await Promise.all([
    rendered ? { data: rendered.session, error: null } : fetchSession(),
    renderer,
    preloadAreaPage(location.pathname),
  ]);
  const app = (
    <StrictMode>
      <BrowserRouter>
        <AreasApp
          session={session.error ? undefined : (session.data ?? undefined)}
          queryClient={queryClient}
          drawnAt={rendered?.drawnAt}
        />
      </BrowserRouter>
    </StrictMode>
  );
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding a phone's main thread for the whole page (a task of a few hundred milliseconds at
  // mobile speed, during which a tap or a keystroke waits).
  startTransition(() => {
    if (rendered) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}

void start(container);
