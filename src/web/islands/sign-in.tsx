// The only script of the sign-in pages (/auth/login, /auth/register, /auth/reset-password,
// /reset-password), built by their own islands build (vite.sign-in.config.ts): React Router
// prerenders them, scripts/islands-html.ts removes its scripts and loads this one, which
// hydrates the header's menu and the page's form with React alone once the page has painted.
// React Router's framework runtime (about 40 KiB gzipped) is not loaded: the links between these
// pages are plain links, and signing in leaves for the areas' app by a document load anyway.
// Their own build keeps the public pages' chunks exactly as they were: built together, the
// modules the contact form shares with these forms would be split into chunks of their own.
// See docs/decisions/2026-11-26-sign-in-islands.md.
import { startIslands } from "./start-islands";

startIslands({
  "site-header": () => import("./site-header.island"),
  login: () => import("./login.island"),
  register: () => import("./register.island"),
  "reset-request": () => import("./reset-request.island"),
  "reset-landing": () => import("./reset-landing.island"),
});
