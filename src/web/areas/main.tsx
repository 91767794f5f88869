// The script of the client and admin areas' pages (see areas-app.tsx), started by the page's boot
// script once the areas' frame has painted (scripts/areas-html.ts writes the pages).
import "../lib/zod-jitless";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { areasRootId } from "../../domain/web-boot";
import { AreasApp } from "./areas-app";

const container = document.getElementById(areasRootId);
if (!container) throw new Error(`#${areasRootId} absent de la page`);
createRoot(container).render(
  <StrictMode>
    <AreasApp />
  </StrictMode>,
);
