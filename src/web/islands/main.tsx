// The only script of the four public pages (/, /a-propos, /services, /contact). They are
// prerendered by React Router, then scripts/islands-html.ts removes React Router's scripts from
// them and loads this one instead: it hydrates, with React alone, the parts of the page that
// react (marked by <Island>), each in a root of its own. The rest of the page is plain HTML, and
// the links between pages are plain links. Each island's code is a separate chunk, imported only
// by the pages that show it (the contact form and its zod stay on /contact).
// See docs/decisions/2026-11-22-public-islands.md.
//
// This module itself is tiny and does not import React: React and the islands are fetched and
// run once the page has painted its first frame (start-islands.ts). The content, already in the
// HTML, shows first; the menu, the simulator and the form react a moment later (the contact
// form's button stays disabled until then). The sign-in pages have their own script and build
// (sign-in.tsx), so that their forms add nothing to these pages' chunks.
import { startIslands } from "./start-islands";

startIslands({
  "site-header": () => import("./site-header.island"),
  "loan-simulator": () => import("./loan-simulator.island"),
  "contact-form": () => import("./contact-form.island"),
});
