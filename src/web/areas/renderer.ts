// React's renderer for the areas' pages, a chunk of its own that main.tsx imports once the rest of
// the app is evaluated (see there why), and that every page asks for with the app's own chunks
// (scripts/areas-html.ts looks it up by this file's name).
export { createRoot, hydrateRoot } from "react-dom/client";
