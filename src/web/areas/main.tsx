// The script of the client and admin areas' pages (see areas-app.tsx), started by the page's boot
// script once the areas' frame has painted (scripts/areas-html.ts writes the pages).
import "../lib/zod-jitless";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { areasRootId } from "../../domain/web-boot";
import { fetchSession } from "../lib/auth/session-api";
import { AreasApp, preloadAreaPage } from "./areas-app";

const container = document.getElementById(areasRootId);
if (!container) throw new Error(`#${areasRootId} absent de la page`);

// The first render waits for the session and the page's module, both already on their way since
// the HTML (its early answer, its chunk's link): the frame's skeleton is on screen meanwhile, so
// rendering it again would only cost a phone's time, and the page then shows in one render.
// Without the session (offline, an error) the app reads it itself, as it does later.
async function start(root: HTMLElement) {
  const [session] = await Promise.all([fetchSession(), preloadAreaPage(location.pathname)]);
  createRoot(root).render(
    <StrictMode>
      <AreasApp session={session.error ? undefined : (session.data ?? undefined)} />
    </StrictMode>,
  );
}

void start(container);
